import { formatLegalDate, privacyCopy } from 'shared-content/marketing';
import { styled } from 'shared-content/styling';
import { ButtonLink } from 'shared-content/ui';
import { LegalDocument } from '../sections/LegalDocument.tsx';

const ContactButton = styled(ButtonLink)(({ theme }) => ({ marginTop: theme.space[10] }));

export function PrivacyPolicyPage() {
  return (
    <LegalDocument
      id="privacy-heading"
      heading={privacyCopy.heading}
      dateLabel={privacyCopy.lastUpdatedLabel}
      date={formatLegalDate(new Date())}
      intro={privacyCopy.intro}
      sections={privacyCopy.sections}
    >
      <ContactButton to={privacyCopy.contactCta.path}>{privacyCopy.contactCta.label}</ContactButton>
    </LegalDocument>
  );
}
