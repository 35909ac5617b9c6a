import { styled } from '../theme/styling.ts';

export interface SectionHeadingProps {
  id: string;
  eyebrow?: string;
  title: string;
  subtitle?: string;
  /** Heading level: 1 on a page's own hero, 2 for sections. */
  level?: 1 | 2;
  onDark?: boolean;
  align?: 'center' | 'start';
}

const Wrapper = styled('header', { shouldForwardProp: (prop) => prop !== 'align' })<{
  align: 'center' | 'start';
}>(({ theme, align }) => ({
  maxWidth: 720,
  marginInline: align === 'center' ? 'auto' : 0,
  marginBottom: theme.space[12],
  textAlign: align,
}));

const Eyebrow = styled('p', { shouldForwardProp: (prop) => prop !== 'onDark' })<{ onDark: boolean }>(
  ({ theme, onDark }) => ({
    fontSize: theme.font.size.sm,
    fontWeight: theme.font.weight.bold,
    letterSpacing: '0.12em',
    textTransform: 'uppercase',
    color: onDark ? theme.color.fg.inverseMuted : theme.color.fg.brand,
    marginBottom: theme.space[3],
  }),
);

const Title = styled('h2')(({ theme }) => ({
  fontSize: theme.font.size['3xl'],
  fontWeight: theme.font.weight.extrabold,
  [theme.mq.md]: { fontSize: theme.font.size['4xl'] },
}));

const Subtitle = styled('p', { shouldForwardProp: (prop) => prop !== 'onDark' })<{ onDark: boolean }>(
  ({ theme, onDark }) => ({
    marginTop: theme.space[4],
    fontSize: theme.font.size.lg,
    color: onDark ? theme.color.fg.inverseMuted : theme.color.fg.muted,
  }),
);

/** Eyebrow, title and subtitle of a section, with the title's id for aria-labelledby. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  subtitle,
  level = 2,
  onDark = false,
  align = 'center',
}: SectionHeadingProps) {
  return (
    <Wrapper align={align}>
      {eyebrow ? <Eyebrow onDark={onDark}>{eyebrow}</Eyebrow> : null}
      <Title as={level === 1 ? 'h1' : 'h2'} id={id}>
        {title}
      </Title>
      {subtitle ? <Subtitle onDark={onDark}>{subtitle}</Subtitle> : null}
    </Wrapper>
  );
}
