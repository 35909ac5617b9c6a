import { remoteFallbackCopy } from 'shared-content/site';
import { keyframes, styled } from 'shared-content/styling';
import { reserveStyles, type SlotReserve, type SlotTone } from './slot-reserve.ts';

export type { SlotTone };

const shimmer = keyframes`
  from { opacity: 0.55; }
  to { opacity: 1; }
`;

const Box = styled('div', { shouldForwardProp: (prop) => prop !== 'reserve' && prop !== 'tone' })<{
  reserve: SlotReserve;
  tone: SlotTone;
}>(({ theme, reserve, tone }) => ({
  ...reserveStyles(theme, reserve),
  background: tone === 'dark' ? theme.gradient.hero : theme.color.bg.subtle,
  animation: `${shimmer} 1.2s ${theme.motion.easing} infinite alternate`,
}));

export interface SlotPlaceholderProps {
  reserve: SlotReserve;
  tone: SlotTone;
}

/** Holds the section's space while the remote loads; dark for slots that open a page under the header. */
export function SlotPlaceholder({ reserve, tone }: SlotPlaceholderProps) {
  return (
    <Box reserve={reserve} tone={tone} aria-busy="true" data-slot-state="loading">
      <span className="visually-hidden">{remoteFallbackCopy.loading}</span>
    </Box>
  );
}
