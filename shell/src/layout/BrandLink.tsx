import { Link } from 'react-router-dom';
import { headerCopy, routes, siteConfig } from 'shared-content/site';
import { styled, useTheme } from 'shared-content/styling';

const Anchor = styled(Link)(({ theme }) => ({
  display: 'inline-flex',
  alignItems: 'center',
  gap: theme.space[2],
  color: 'inherit',
  textDecoration: 'none',
  fontWeight: theme.font.weight.extrabold,
  fontSize: theme.font.size.xl,
  letterSpacing: '-0.02em',
}));

/** The brand mark: a lane of light rising to the right, drawn for this site. */
function BrandMark() {
  const theme = useTheme();
  return (
    <svg width="36" height="36" viewBox="0 0 36 36" aria-hidden="true" focusable="false">
      <rect width="36" height="36" rx="10" fill={theme.color.bg.brand} />
      <path d="M9 26 L19 10 L23 10 L13 26 Z" fill={theme.color.bg.accent} />
      <path d="M17 26 L27 10 L29 10 L29 13 L21 26 Z" fill={theme.color.fg.inverse} />
    </svg>
  );
}

export function BrandLink() {
  return (
    <Anchor to={routes.home.path} aria-label={headerCopy.homeLinkLabel}>
      <BrandMark />
      <span>{siteConfig.brandName}</span>
    </Anchor>
  );
}
