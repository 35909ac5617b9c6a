import type { RemoteName } from 'federation/remotes';
import { useEffect, useId } from 'react';
import { remoteFallbackCopy } from 'shared-content/site';
import { styled } from 'shared-content/styling';
import { buttonStyles } from 'shared-content/ui';
import type { FallbackReason } from './fallback-reason.ts';
import { onRemoteRetry, requestRemoteRetry } from './remote-registry.ts';
import type { SlotTone } from './SlotPlaceholder.tsx';
import { capReserve, reserveStyles, type SlotReserve } from './slot-reserve.ts';

/**
 * A failed section keeps the space it reserved while loading (no jump), but never more than this: a page-tall
 * empty box with a Retry in the middle would help nobody.
 */
const fallbackMaxHeight = 560;

const Box = styled('section', { shouldForwardProp: (prop) => prop !== 'reserve' && prop !== 'tone' })<{
  reserve: SlotReserve;
  tone: SlotTone;
}>(({ theme, reserve, tone }) => ({
  ...reserveStyles(theme, capReserve(reserve, fallbackMaxHeight)),
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: theme.space[4],
  textAlign: 'center',
  padding: `${tone === 'dark' ? theme.layout.headerHeight + 32 : 48}px ${theme.space[5]} ${theme.space[12]}`,
  background: tone === 'dark' ? theme.gradient.hero : theme.color.bg.subtle,
  color: tone === 'dark' ? theme.color.fg.inverse : theme.color.fg.default,
  '& h2': { fontSize: theme.font.size['2xl'] },
  '& p': { maxWidth: 480, color: tone === 'dark' ? theme.color.fg.inverseMuted : theme.color.fg.muted },
}));

const RetryButton = styled.button(({ theme }) => buttonStyles(theme, 'primary'));

export type { FallbackReason };

export interface SlotFallbackProps {
  remote: RemoteName;
  slot: string;
  reserve: SlotReserve;
  tone: SlotTone;
  reason: FallbackReason;
  onRetry: () => void;
}

/**
 * The friendly stand-in for a remote section that could not be shown, with a Retry that loads it again. Only a
 * load the network failed asks the visitor to check their connection: a section whose code threw, or was refused
 * or missing, says it is unavailable because of a problem on the site's side.
 */
export function SlotFallback({ remote, slot, reserve, tone, reason, onRetry }: SlotFallbackProps) {
  const headingId = useId();
  // Any Retry of this remote (this button or another failed section's) loads this section again too.
  useEffect(() => onRemoteRetry(remote, onRetry), [remote, onRetry]);
  return (
    <Box
      reserve={reserve}
      tone={tone}
      aria-labelledby={headingId}
      data-slot-state="failed"
      data-failure={reason}
      data-slot={slot}
    >
      <h2 id={headingId}>
        {reason === 'network' ? remoteFallbackCopy.heading : remoteFallbackCopy.unavailableHeading}
      </h2>
      <p>{reason === 'network' ? remoteFallbackCopy.text : remoteFallbackCopy.unavailableText}</p>
      <RetryButton type="button" onClick={() => requestRemoteRetry(remote)}>
        {remoteFallbackCopy.retry}
      </RetryButton>
    </Box>
  );
}
