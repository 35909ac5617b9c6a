import type { ReactNode } from 'react';
import { styled } from '../theme/styling.ts';
import { Container } from './Container.tsx';

export interface PageHeroProps {
  id: string;
  eyebrow?: string;
  title: string;
  text?: string;
  children?: ReactNode;
}

const Band = styled.section(({ theme }) => ({
  background: theme.gradient.hero,
  color: theme.color.fg.inverse,
  paddingTop: theme.layout.headerHeight + 56,
  paddingBottom: theme.space[16],
  [theme.mq.md]: { paddingTop: theme.layout.headerHeight + 80, paddingBottom: theme.space[20] },
}));

const Eyebrow = styled.p(({ theme }) => ({
  fontSize: theme.font.size.sm,
  fontWeight: theme.font.weight.bold,
  letterSpacing: '0.12em',
  textTransform: 'uppercase',
  color: theme.color.fg.inverseMuted,
  marginBottom: theme.space[3],
}));

const Title = styled.h1(({ theme }) => ({
  fontSize: theme.font.size['4xl'],
  fontWeight: theme.font.weight.extrabold,
  maxWidth: 820,
  [theme.mq.md]: { fontSize: theme.font.size['5xl'] },
}));

const Text = styled.p(({ theme }) => ({
  marginTop: theme.space[5],
  maxWidth: 680,
  fontSize: theme.font.size.lg,
  color: theme.color.fg.inverseMuted,
}));

/** The dark band that opens every inner page; the header sits transparent over it until scrolled. */
export function PageHero({ id, eyebrow, title, text, children }: PageHeroProps) {
  return (
    <Band aria-labelledby={id}>
      <Container>
        {eyebrow ? <Eyebrow>{eyebrow}</Eyebrow> : null}
        <Title id={id}>{title}</Title>
        {text ? <Text>{text}</Text> : null}
        {children}
      </Container>
    </Band>
  );
}
