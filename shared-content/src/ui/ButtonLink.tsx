import type { Theme } from '@emotion/react';
import type { ReactNode } from 'react';
import { Link } from 'site-router';
import { styled } from '../theme/styling.ts';

export type ButtonVariant = 'primary' | 'secondary' | 'onDark' | 'accent';

export interface ButtonLinkProps {
  /** An internal path ("/contact") or an external/mail URL. */
  to: string;
  variant?: ButtonVariant;
  children: ReactNode;
  className?: string;
  /** Open in a new tab (external links only). */
  newTab?: boolean;
}

export function buttonStyles(theme: Theme, variant: ButtonVariant) {
  const palettes = {
    primary: {
      bg: theme.color.bg.brand,
      fg: theme.color.fg.onBrand,
      border: theme.color.bg.brand,
      hover: theme.color.bg.brandHover,
    },
    secondary: {
      bg: theme.color.bg.page,
      fg: theme.color.fg.brand,
      border: theme.color.border.brand,
      hover: theme.color.bg.brandSubtle,
    },
    onDark: {
      bg: 'transparent',
      fg: theme.color.fg.inverse,
      border: theme.color.fg.inverseMuted,
      hover: theme.color.bg.glassHover,
    },
    accent: {
      bg: theme.color.bg.accent,
      fg: theme.color.fg.onAccent,
      border: theme.color.bg.accent,
      hover: theme.color.bg.accent,
    },
  } as const;
  const colors = palettes[variant];
  return {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: theme.space[2],
    minHeight: 48,
    paddingInline: theme.space[6],
    borderRadius: theme.radii.full,
    border: `2px solid ${colors.border}`,
    background: colors.bg,
    color: colors.fg,
    fontWeight: theme.font.weight.semibold,
    fontSize: theme.font.size.md,
    textDecoration: 'none',
    cursor: 'pointer',
    transition: `background ${theme.motion.fast} ${theme.motion.easing}, transform ${theme.motion.fast} ${theme.motion.easing}`,
    '&:hover': { background: colors.hover, transform: 'translateY(-1px)' },
    '&:disabled, &[aria-disabled="true"]': { opacity: 0.65, cursor: 'not-allowed', transform: 'none' },
  } as const;
}

const isInternal = (to: string) => to.startsWith('/') && !to.startsWith('//');

const StyledRouterLink = styled(Link, { shouldForwardProp: (prop) => prop !== 'variant' })<{
  variant: ButtonVariant;
}>(({ theme, variant }) => buttonStyles(theme, variant));
const StyledAnchor = styled('a', { shouldForwardProp: (prop) => prop !== 'variant' })<{
  variant: ButtonVariant;
}>(({ theme, variant }) => buttonStyles(theme, variant));

/** A link that looks like a button: router navigation for site paths, a plain anchor otherwise. */
export function ButtonLink({
  to,
  variant = 'primary',
  children,
  className,
  newTab = false,
}: ButtonLinkProps) {
  if (isInternal(to)) {
    return (
      <StyledRouterLink to={to} variant={variant} className={className}>
        {children}
      </StyledRouterLink>
    );
  }
  return (
    <StyledAnchor
      href={to}
      variant={variant}
      className={className}
      {...(newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      {children}
    </StyledAnchor>
  );
}
