import { useEffect, useRef } from 'react';
import { NavLink } from 'react-router-dom';
import { headerCopy, mainNav, siteConfig } from 'shared-content/site';
import { styled } from 'shared-content/styling';
import { buttonStyles } from 'shared-content/ui';
import { drawerCloseAttribute, drawerId } from '../early/protocol.ts';
import { useFocusTrap } from '../hooks/useFocusTrap.ts';
import { useMediaQuery } from '../hooks/useMediaQuery.ts';

const Backdrop = styled.div(({ theme }) => ({
  position: 'fixed',
  inset: 0,
  zIndex: theme.zIndex.backdrop,
  background: theme.color.bg.backdrop,
}));

const Panel = styled.div(({ theme }) => ({
  position: 'fixed',
  top: 0,
  right: 0,
  bottom: 0,
  zIndex: theme.zIndex.drawer,
  width: `min(${theme.layout.drawerWidth}px, 85vw)`,
  display: 'flex',
  flexDirection: 'column',
  gap: theme.space[6],
  padding: theme.space[6],
  background: theme.color.bg.inverse,
  color: theme.color.fg.inverse,
  boxShadow: theme.shadows.lg,
  transform: 'translateX(100%)',
  visibility: 'hidden',
  // Hidden only after the slide-out ends; visible at once on open, so focus can move in immediately.
  transition: `transform ${theme.motion.normal} ${theme.motion.easing}, visibility 0s linear ${theme.motion.normal}`,
  '&[data-open="true"]': {
    transform: 'translateX(0)',
    visibility: 'visible',
    transition: `transform ${theme.motion.normal} ${theme.motion.easing}, visibility 0s`,
  },
  '& ul': { listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: theme.space[1] },
  '& ul a': {
    display: 'flex',
    alignItems: 'center',
    minHeight: 48,
    paddingInline: theme.space[3],
    borderRadius: theme.radii.md,
    color: theme.color.fg.inverse,
    textDecoration: 'none',
    fontSize: theme.font.size.lg,
    fontWeight: theme.font.weight.medium,
  },
  '& ul a[aria-current="page"]': { background: theme.color.bg.inverseRaised },
}));

const PanelHeader = styled.div({ display: 'flex', alignItems: 'center', justifyContent: 'space-between' });

const Title = styled.h2(({ theme }) => ({ fontSize: theme.font.size.lg }));

const CloseButton = styled.button(({ theme }) => ({
  width: 48,
  height: 48,
  border: 0,
  borderRadius: theme.radii.md,
  background: theme.color.bg.inverseRaised,
  color: theme.color.fg.inverse,
  fontSize: theme.font.size['2xl'],
  cursor: 'pointer',
}));

const ContactButton = styled.a(({ theme }) => buttonStyles(theme, 'accent'));

export interface MobileDrawerProps {
  open: boolean;
  onClose: () => void;
}

/**
 * The slide-in menu below 768 px. Closes on backdrop click, link click, Escape and when the window widens
 * to 768 px or more; focus moves in while open and back to the toggle afterwards.
 */
export function MobileDrawer({ open, onClose }: MobileDrawerProps) {
  const panel = useRef<HTMLDivElement>(null);
  const wide = useMediaQuery('(min-width: 768px)');
  useFocusTrap(panel, open, onClose);

  useEffect(() => {
    if (open && wide) onClose();
  }, [open, wide, onClose]);

  useEffect(() => {
    if (!open) return;
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
    };
  }, [open]);

  return (
    <>
      {open ? <Backdrop data-testid="drawer-backdrop" onClick={onClose} /> : null}
      <Panel
        ref={panel}
        id={drawerId}
        role="dialog"
        aria-modal="true"
        aria-labelledby="mobile-drawer-title"
        data-open={open}
        inert={!open}
      >
        <PanelHeader>
          <Title id="mobile-drawer-title">{headerCopy.menuTitle}</Title>
          <CloseButton
            type="button"
            aria-label={headerCopy.closeMenu}
            onClick={onClose}
            {...{ [drawerCloseAttribute]: '' }}
          >
            ×
          </CloseButton>
        </PanelHeader>
        <nav aria-label="Mobile">
          <ul>
            {mainNav.map((item) => (
              <li key={item.path}>
                <NavLink to={item.path} end={item.path === '/'} onClick={onClose}>
                  {item.name}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <ContactButton href={`mailto:${siteConfig.email}`} onClick={onClose}>
          {headerCopy.contactButton}
        </ContactButton>
      </Panel>
    </>
  );
}
