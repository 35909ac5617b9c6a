import { headerCopy } from 'shared-content/site';
import { styled } from 'shared-content/styling';
import { drawerId } from '../early/protocol.ts';

const Button = styled.button(({ theme }) => ({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 48,
  height: 48,
  border: 0,
  borderRadius: theme.radii.md,
  background: 'transparent',
  color: theme.color.fg.inverse,
  cursor: 'pointer',
  [theme.mq.md]: { display: 'none' },
}));

export interface MenuToggleProps {
  open: boolean;
  onToggle: () => void;
}

/** The mobile menu button (below 768 px). */
export function MenuToggle({ open, onToggle }: MenuToggleProps) {
  return (
    <Button
      type="button"
      aria-expanded={open}
      aria-controls={drawerId}
      aria-label={headerCopy.openMenu}
      onClick={onToggle}
    >
      <svg
        width="28"
        height="28"
        viewBox="0 0 24 24"
        aria-hidden="true"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      >
        <path d="M4 7h16M4 12h16M4 17h16" />
      </svg>
    </Button>
  );
}
