import { callToActionCopy } from 'shared-content/marketing';
import { styled } from 'shared-content/styling';
import { ButtonLink, Section } from 'shared-content/ui';
import { CtaBanner } from '../components/CtaBanner.tsx';

// A compact band: the banner carries the visual weight. It follows a full section (testimonials), whose own
// bottom padding already separates the two, so it adds little space above.
const Band = styled(Section)(({ theme }) => ({
  paddingTop: theme.space[4],
  paddingBottom: theme.space[12],
  [theme.mq.md]: { paddingTop: theme.space[8], paddingBottom: theme.space[20] },
}));

/** The closing invitation on the home and about pages: the contact page, or an e-mail straight away. */
export function CallToActionBand() {
  const { heading, text, primaryCta, secondaryCta } = callToActionCopy;
  return (
    <Band id="get-started" labelledBy="cta-heading">
      <CtaBanner headingId="cta-heading" heading={heading} text={text}>
        <ButtonLink to={primaryCta.path} variant="accent">
          {primaryCta.label}
        </ButtonLink>
        <ButtonLink to={secondaryCta.path} variant="onDark">
          {secondaryCta.label}
        </ButtonLink>
      </CtaBanner>
    </Band>
  );
}
