import { processCopy, processSteps } from 'shared-content/portfolio';
import { styled } from 'shared-content/styling';
import { cardSurface, Icon, IconBadge, listGrid, Section, SectionHeading } from 'shared-content/ui';

const Steps = styled.ol(({ theme }) => listGrid(theme, { md: 2, lg: 4 }));

const Step = styled.li(({ theme }) => ({
  position: 'relative',
  padding: theme.space[6],
  ...cardSurface(theme),
  borderTop: `4px solid ${theme.color.bg.brand}`,
  '& h3': { fontSize: theme.font.size.xl, marginTop: theme.space[5] },
  '& p': { marginTop: theme.space[3], color: theme.color.fg.muted },
  [theme.mq.md]: { padding: theme.space[8] },
  [theme.mq.lg]: {
    padding: theme.space[6],
    '& h3': { fontSize: theme.font.size.lg },
    // A dashed line from each step to the next, level with the icons: the steps read as one path.
    '&:not(:last-of-type)::after': {
      content: '""',
      position: 'absolute',
      top: `calc(${theme.space[6]} + 26px)`,
      left: '100%',
      width: theme.space[6],
      borderTop: `2px dashed ${theme.color.border.brand}`,
    },
  },
}));

const StepNumber = styled.span(({ theme }) => ({
  position: 'absolute',
  top: theme.space[5],
  right: theme.space[6],
  lineHeight: 1,
  fontSize: theme.font.size['3xl'],
  fontWeight: theme.font.weight.extrabold,
  color: theme.color.fg.brand,
}));

export function ProcessSection() {
  return (
    <Section id="process" labelledBy="process-heading">
      <SectionHeading
        id="process-heading"
        eyebrow={processCopy.eyebrow}
        title={processCopy.heading}
        subtitle={processCopy.subtitle}
      />
      <Steps>
        {processSteps.map((step) => (
          <Step key={step.step}>
            <StepNumber aria-hidden="true">{String(step.step).padStart(2, '0')}</StepNumber>
            <IconBadge>
              <Icon name={step.icon} size={28} />
            </IconBadge>
            <h3>
              <span className="visually-hidden">Step {step.step}: </span>
              {step.title}
            </h3>
            <p>{step.description}</p>
          </Step>
        ))}
      </Steps>
    </Section>
  );
}
