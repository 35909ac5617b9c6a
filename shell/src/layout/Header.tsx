import { useCallback, useEffect, useState } from 'react';
import { NavLink } from 'react-router-dom';
import { headerCopy, mainNav, siteConfig } from 'shared-content/site';
import { styled } from 'shared-content/styling';
import { buttonStyles, Container } from 'shared-content/ui';
import { pageLoader } from '../early/page-loader-api.ts';
import { useScrolledPast } from '../hooks/useScrolledPast.ts';
import { BrandLink } from './BrandLink.tsx';
import { MenuToggle } from './MenuToggle.tsx';
import { MobileDrawer } from './MobileDrawer.tsx';

const Bar = styled.header(({ theme }) => ({
  position: 'fixed',
  insetInline: 0,
  top: 0,
  zIndex: theme.zIndex.header,
  height: theme.layout.headerHeight,
  display: 'flex',
  alignItems: 'center',
  color: theme.color.fg.inverse,
  background: 'transparent',
  transition: `background ${theme.motion.normal} ${theme.motion.easing}, box-shadow ${theme.motion.normal}`,
  // Spec: solid once scrolled more than 10 px, and always below 768 px.
  '&[data-solid="true"]': { background: theme.color.bg.inverse, boxShadow: theme.shadows.md },
  [theme.mq.belowMd]: { background: theme.color.bg.inverse },
}));

const Inner = styled(Container)({ display: 'flex', alignItems: 'center', justifyContent: 'space-between' });

const DesktopNav = styled.nav(({ theme }) => ({
  display: 'none',
  [theme.mq.md]: { display: 'flex', alignItems: 'center', gap: theme.space[6] },
  '& ul': { display: 'flex', gap: theme.space[1], listStyle: 'none', margin: 0, padding: 0 },
  '& ul a': {
    display: 'inline-flex',
    alignItems: 'center',
    minHeight: 44,
    paddingInline: theme.space[3],
    borderRadius: theme.radii.sm,
    color: theme.color.fg.inverse,
    textDecoration: 'none',
    fontWeight: theme.font.weight.medium,
  },
  '& ul a:hover': { background: theme.color.bg.glassHover },
  '& ul a[aria-current="page"]': { boxShadow: `inset 0 -3px 0 ${theme.color.bg.accent}` },
}));

const ContactButton = styled.a(({ theme }) => ({ ...buttonStyles(theme, 'accent'), minHeight: 44 }));

export function Header() {
  const scrolled = useScrolledPast(10);
  // Closed, as prerendered: hydration must match the page's HTML.
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  // The page loader opens the menu on a tap before the shell is live (early/early-drawer.ts): hydrated, the
  // shell takes it over as the visitor left it.
  useEffect(() => {
    if (pageLoader()?.takeOverDrawer()) setMenuOpen(true);
  }, []);

  return (
    <Bar data-solid={scrolled} data-testid="site-header">
      <Inner>
        <BrandLink />
        <DesktopNav aria-label="Main">
          <ul>
            {mainNav.map((item) => (
              <li key={item.path}>
                <NavLink to={item.path} end={item.path === '/'}>
                  {item.name}
                </NavLink>
              </li>
            ))}
          </ul>
          <ContactButton href={`mailto:${siteConfig.email}`}>{headerCopy.contactButton}</ContactButton>
        </DesktopNav>
        <MenuToggle open={menuOpen} onToggle={() => setMenuOpen((open) => !open)} />
      </Inner>
      <MobileDrawer open={menuOpen} onClose={closeMenu} />
    </Bar>
  );
}
