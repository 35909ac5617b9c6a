import { styled } from 'shared-content/styling';

export interface ChevronProps {
  open: boolean;
}

const Circle = styled('span', { shouldForwardProp: (prop) => prop !== 'open' })<{ open: boolean }>(
  ({ theme, open }) => ({
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    flexShrink: 0,
    width: 32,
    height: 32,
    borderRadius: theme.radii.full,
    background: open ? theme.color.bg.brand : theme.color.bg.brandSubtle,
    color: open ? theme.color.fg.onBrand : theme.color.fg.brand,
    transition: `transform ${theme.motion.normal} ${theme.motion.easing}, background ${theme.motion.normal} ${theme.motion.easing}`,
    transform: open ? 'rotate(180deg)' : 'none',
  }),
);

/** The open/closed marker of an FAQ item (decorative: the button's aria-expanded carries the state). */
export function Chevron({ open }: ChevronProps) {
  return (
    <Circle open={open} aria-hidden="true">
      <svg
        width={16}
        height={16}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2.5}
        strokeLinecap="round"
        strokeLinejoin="round"
        focusable="false"
        aria-hidden="true"
      >
        <path d="M6 9l6 6 6-6" />
      </svg>
    </Circle>
  );
}
