import type { RemoteName } from 'federation/remotes';
import { useEffect, useState } from 'react';
import { slotNoticeCopy } from 'shared-content/site';
import { styled } from 'shared-content/styling';
import { slotNoticeAttribute } from '../early/protocol.ts';
import { requestRemoteRetry } from './remote-registry.ts';

/**
 * A line of no height at the section's end, sticky at the bottom of the viewport while the section is on screen.
 * The notice hangs above it, so it takes no space in the page: it appears without pushing the footer or
 * anything else down (no layout shift, and a tap aimed at what was below lands there), stays where the
 * section's controls are seen, and never leaves the section's box, so it never covers the footer.
 */
const Anchor = styled.div(({ theme }) => ({
  position: 'sticky',
  bottom: theme.space[4],
  zIndex: 1,
  height: 0,
  display: 'flex',
  justifyContent: 'center',
  // Not stretched to the line's zero height: the notice keeps its own and rises above the line.
  alignItems: 'flex-end',
}));

const Notice = styled.p(({ theme }) => ({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'center',
  gap: theme.space[3],
  flex: 'none',
  width: 'fit-content',
  maxWidth: `calc(100% - 2 * ${theme.space[4]})`,
  margin: 0,
  padding: `${theme.space[2]} ${theme.space[4]}`,
  borderRadius: theme.radii.lg,
  boxShadow: theme.shadows.md,
  background: theme.color.bg.page,
  color: theme.color.fg.default,
  fontSize: theme.font.size.sm,
}));

const RetryButton = styled.button(({ theme }) => ({
  minHeight: 44,
  paddingInline: theme.space[4],
  borderRadius: theme.radii.full,
  border: `2px solid ${theme.color.border.brand}`,
  background: 'transparent',
  color: theme.color.fg.brand,
  fontWeight: theme.font.weight.semibold,
  cursor: 'pointer',
}));

export interface SlotNoticeProps {
  remote: RemoteName;
  slot: string;
}

/**
 * Beside a prerendered section that needs its code to act while that code cannot load: the section stays as
 * it is (readable, its links work) and the shell keeps trying; Try now tries every waiting section of the
 * remote at once. A status, so a screen reader announces it without moving the focus: its text is put in after
 * the region is mounted, as a live region that appears already holding its text is not announced by every
 * screen reader.
 */
export function SlotNotice({ remote, slot }: SlotNoticeProps) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return (
    <Anchor>
      <Notice
        role="status"
        data-slot-state="waiting-for-code"
        data-slot={slot}
        {...{ [slotNoticeAttribute]: '' }}
      >
        <span>{mounted ? slotNoticeCopy.text : ''}</span>
        <RetryButton type="button" onClick={() => requestRemoteRetry(remote)}>
          {slotNoticeCopy.retry}
        </RetryButton>
      </Notice>
    </Anchor>
  );
}
