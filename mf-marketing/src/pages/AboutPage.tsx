import { aboutCopy } from 'shared-content/marketing';
import { styled } from 'shared-content/styling';
import { ButtonLink, Icon, PageHero, Section } from 'shared-content/ui';

const Claims = styled.ul(({ theme }) => ({
  listStyle: 'none',
  margin: `${theme.space[8]} 0`,
  padding: 0,
  display: 'grid',
  gap: theme.space[4],
  '& li': { display: 'flex', gap: theme.space[3], alignItems: 'flex-start', fontSize: theme.font.size.lg },
  '& svg': { flexShrink: 0, color: theme.color.fg.brand, marginTop: 3 },
}));

const Lead = styled.p(({ theme }) => ({
  maxWidth: 720,
  fontSize: theme.font.size.lg,
  color: theme.color.fg.muted,
}));

const Actions = styled.div(({ theme }) => ({ display: 'flex', flexWrap: 'wrap', gap: theme.space[4] }));

export function AboutPage() {
  const { pageHero, text, claims, primaryCta, secondaryCta } = aboutCopy;
  return (
    <>
      <PageHero
        id="about-page-heading"
        eyebrow={pageHero.eyebrow}
        title={pageHero.heading}
        text={pageHero.text}
      />
      <Section labelledBy="about-page-heading">
        <Lead>{text}</Lead>
        <Claims>
          {claims.map((claim) => (
            <li key={claim}>
              <Icon name="check" size={22} />
              {claim}
            </li>
          ))}
        </Claims>
        <Actions>
          <ButtonLink to={primaryCta.path}>{primaryCta.label}</ButtonLink>
          <ButtonLink to={secondaryCta.path} variant="secondary">
            {secondaryCta.label}
          </ButtonLink>
        </Actions>
      </Section>
    </>
  );
}
