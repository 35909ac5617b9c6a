import { privacyCopy } from 'shared-content/marketing';
import { styled } from 'shared-content/styling';
import { ButtonLink } from 'shared-content/ui';
import { LegalDocument } from '../sections/LegalDocument.tsx';

const ContactButton = styled(ButtonLink)(({ theme }) => ({
  marginTop: theme.space[12],
  textAlign: 'center',
}));

/** Spec: "today's date as Last Updated" — the page shows the day it is viewed. */
export function PrivacyPolicyPage() {
  return (
    <LegalDocument
      id="privacy-heading"
      heading={privacyCopy.heading}
      dateLabel={privacyCopy.lastUpdatedLabel}
      intro={privacyCopy.intro}
      sections={privacyCopy.sections}
    >
      <ContactButton to={privacyCopy.contactCta.path}>{privacyCopy.contactCta.label}</ContactButton>
    </LegalDocument>
  );
}
