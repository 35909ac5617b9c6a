import type { OpeningHours } from 'shared-content/contact';
import { styled } from 'shared-content/styling';
import type { DetailTone } from './DetailItem.tsx';

export interface HoursListProps {
  hours: readonly OpeningHours[];
  tone: DetailTone;
}

const List = styled('ul', { shouldForwardProp: (prop) => prop !== 'tone' })<{ tone: DetailTone }>(
  ({ theme, tone }) => ({
    listStyle: 'none',
    margin: 0,
    padding: 0,
    display: 'grid',
    gap: theme.space[2],
    color: tone === 'dark' ? theme.color.fg.inverseMuted : theme.color.fg.muted,
    '& strong': {
      color: tone === 'dark' ? theme.color.fg.inverse : theme.color.fg.default,
      fontWeight: theme.font.weight.semibold,
    },
  }),
);

/** Opening hours, one line each, read as stated: "Monday to Friday 9AM-6PM". */
export function HoursList({ hours, tone }: HoursListProps) {
  return (
    <List tone={tone}>
      {hours.map(({ days, time }) => (
        <li key={days}>
          <strong>{days}</strong> {time}
        </li>
      ))}
    </List>
  );
}
