import type { ReactNode } from 'react';
import type { IconName } from 'shared-content';
import { styled } from 'shared-content/styling';
import { Icon } from 'shared-content/ui';

export type DetailTone = 'light' | 'dark';

export interface DetailItemProps {
  icon: IconName;
  /** A small caption above the value ("Phone", "Email"). */
  label?: string;
  tone: DetailTone;
  children: ReactNode;
}

const Item = styled('li', { shouldForwardProp: (prop) => prop !== 'tone' })<{ tone: DetailTone }>(
  ({ theme, tone }) => ({
    display: 'flex',
    gap: theme.space[4],
    alignItems: 'center',
    margin: 0,
    // Long addresses wrap at their <wbr> after the @; break-word only as a last resort.
    overflowWrap: 'break-word',
    '& a': {
      color: tone === 'dark' ? theme.color.fg.inverse : theme.color.fg.brand,
      fontWeight: theme.font.weight.semibold,
      textUnderlineOffset: 3,
    },
    '& a:hover': { textDecorationThickness: 2 },
  }),
);

const Badge = styled('span', { shouldForwardProp: (prop) => prop !== 'tone' })<{ tone: DetailTone }>(
  ({ theme, tone }) => ({
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    flexShrink: 0,
    width: 44,
    height: 44,
    borderRadius: theme.radii.full,
    background: tone === 'dark' ? theme.color.bg.inverseRaised : theme.color.bg.brandSubtle,
    color: tone === 'dark' ? theme.color.fg.inverse : theme.color.fg.brand,
  }),
);

const Caption = styled('span', { shouldForwardProp: (prop) => prop !== 'tone' })<{ tone: DetailTone }>(
  ({ theme, tone }) => ({
    display: 'block',
    fontSize: theme.font.size.sm,
    color: tone === 'dark' ? theme.color.fg.inverseMuted : theme.color.fg.muted,
  }),
);

/** One contact line in a list: an icon in a round badge, then the value (a link or text). */
export function DetailItem({ icon, label, tone, children }: DetailItemProps) {
  return (
    <Item tone={tone}>
      <Badge tone={tone}>
        <Icon name={icon} size={20} />
      </Badge>
      <span>
        {label ? <Caption tone={tone}>{label}</Caption> : null}
        {children}
      </span>
    </Item>
  );
}
