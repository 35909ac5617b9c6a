import type { ReactNode } from 'react';
import { styled } from '../theme/styling.ts';
import { Container } from './Container.tsx';

export type SectionTone = 'page' | 'subtle' | 'dark';

export interface SectionProps {
  id?: string;
  tone?: SectionTone;
  /** Accessible name of the region, usually the id of its heading. */
  labelledBy?: string;
  children: ReactNode;
  className?: string;
}

const Band = styled('section', { shouldForwardProp: (prop) => prop !== 'tone' })<{ tone: SectionTone }>(
  ({ theme, tone }) => ({
    paddingBlock: theme.space[16],
    background:
      tone === 'dark'
        ? theme.color.bg.inverse
        : tone === 'subtle'
          ? theme.color.bg.subtle
          : theme.color.bg.page,
    color: tone === 'dark' ? theme.color.fg.inverse : theme.color.fg.default,
    [theme.mq.md]: { paddingBlock: theme.space[24] },
    // A band the visitor has not scrolled near is not laid out or painted. The home page is about 14 000 px
    // tall on a phone, and laying all of it out (first, again when the web font arrives, again on hydration)
    // cost the main thread more than the page's JavaScript did. `auto` remembers a band's real height once it
    // has been shown; until then a band counts as 800 px tall, about a typical one's height.
    contentVisibility: 'auto',
    containIntrinsicSize: 'auto 800px',
  }),
);

/** A full-width band of the page with centred content. */
export function Section({ id, tone = 'page', labelledBy, children, className }: SectionProps) {
  return (
    <Band id={id} tone={tone} aria-labelledby={labelledBy} className={className}>
      <Container>{children}</Container>
    </Band>
  );
}
