import { callToActionCopy } from 'shared-content/marketing';
import { styled } from 'shared-content/styling';
import { ButtonLink, Section } from 'shared-content/ui';
import { CtaBanner } from '../components/CtaBanner.tsx';

// A compact band: the banner itself carries the visual weight, so less space around it than a full section.
const Band = styled(Section)(({ theme }) => ({
  paddingBlock: theme.space[12],
  [theme.mq.md]: { paddingBlock: theme.space[16] },
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
