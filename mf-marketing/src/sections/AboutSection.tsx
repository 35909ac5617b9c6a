import { aboutCopy } from 'shared-content/marketing';
import { styled } from 'shared-content/styling';
import { ButtonLink, Section, SectionHeading } from 'shared-content/ui';
import { FeatureList } from '../components/FeatureList.tsx';
import { TeamImage } from '../components/TeamImage.tsx';

const Grid = styled.div(({ theme }) => ({
  display: 'grid',
  gap: theme.space[12],
  alignItems: 'center',
  [theme.mq.lg]: { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', gap: theme.space[16] },
}));

const Lead = styled.p(({ theme }) => ({
  marginTop: `-${theme.space[6]}`,
  fontSize: theme.font.size.lg,
  color: theme.color.fg.muted,
}));

const Claims = styled(FeatureList)(({ theme }) => ({
  marginBlock: theme.space[8],
  fontSize: theme.font.size.lg,
  fontWeight: theme.font.weight.medium,
}));

const Actions = styled.div(({ theme }) => ({ display: 'flex', flexWrap: 'wrap', gap: theme.space[4] }));

/** Who we are: the four claims of the spec, two calls to action and the team image with its badges. */
export function AboutSection() {
  const { eyebrow, heading, text, claims, primaryCta, secondaryCta } = aboutCopy;
  return (
    <Section id="about" labelledBy="about-heading">
      <Grid>
        <div>
          <SectionHeading id="about-heading" eyebrow={eyebrow} title={heading} align="start" />
          <Lead>{text}</Lead>
          <Claims items={claims} />
          <Actions>
            <ButtonLink to={primaryCta.path}>{primaryCta.label}</ButtonLink>
            <ButtonLink to={secondaryCta.path} variant="secondary">
              {secondaryCta.label}
            </ButtonLink>
          </Actions>
        </div>
        <TeamImage />
      </Grid>
    </Section>
  );
}
