import type { Theme } from '@emotion/react';
import { styled } from 'shared-content/styling';
import { buttonStyles } from 'shared-content/ui';

/** One look for every text input, select and textarea on the contact page. */
function controlStyles(theme: Theme) {
  return {
    width: '100%',
    minHeight: 48,
    padding: `${theme.space[3]} ${theme.space[4]}`,
    borderRadius: theme.radii.md,
    border: `1px solid ${theme.color.border.strong}`,
    background: theme.color.bg.page,
    color: theme.color.fg.default,
    fontSize: theme.font.size.md,
    transition: `border-color ${theme.motion.fast} ${theme.motion.easing}, box-shadow ${theme.motion.fast} ${theme.motion.easing}`,
    '&::placeholder': { color: theme.color.fg.muted, opacity: 1 },
    '&:hover': { borderColor: theme.color.fg.muted },
    '&:focus-visible': {
      outline: 'none',
      borderColor: theme.color.border.focus,
      boxShadow: `0 0 0 3px ${theme.color.border.focus}`,
    },
    '&[readonly], &[aria-disabled="true"]': { background: theme.color.bg.subtle },
  } as const;
}

export const Input = styled.input(({ theme }) => controlStyles(theme));

export const TextArea = styled.textarea(({ theme }) => ({
  ...controlStyles(theme),
  minHeight: 140,
  resize: 'vertical',
  lineHeight: theme.font.lineHeight.normal,
}));

export const Select = styled.select(({ theme }) => ({
  ...controlStyles(theme),
  appearance: 'none',
  paddingRight: theme.space[10],
  // The arrow is drawn in CSS so the select looks the same in every browser, with no image to load.
  backgroundImage: `linear-gradient(45deg, transparent 50%, ${theme.color.fg.muted} 50%), linear-gradient(135deg, ${theme.color.fg.muted} 50%, transparent 50%)`,
  backgroundPosition: 'calc(100% - 22px) 50%, calc(100% - 16px) 50%',
  backgroundSize: '6px 6px, 6px 6px',
  backgroundRepeat: 'no-repeat',
}));

export const SubmitButton = styled.button(({ theme }) => ({
  ...buttonStyles(theme, 'primary'),
  width: '100%',
  [theme.mq.md]: { width: 'auto', minWidth: 200 },
}));
