import { formatLegalDate, isoDate, privacyCopy } from 'shared-content/marketing';
import { styled } from 'shared-content/styling';
import { ButtonLink } from 'shared-content/ui';
import { useToday } from '../hooks/useToday.ts';
import { LegalDocument } from '../sections/LegalDocument.tsx';

const ContactButton = styled(ButtonLink)(({ theme }) => ({
  marginTop: theme.space[12],
  textAlign: 'center',
}));

/** Spec: "today's date as Last Updated" — the page shows the day it is viewed. */
export function PrivacyPolicyPage() {
  const today = useToday();
  return (
    <LegalDocument
      id="privacy-heading"
      heading={privacyCopy.heading}
      dateLabel={privacyCopy.lastUpdatedLabel}
      date={today ? formatLegalDate(today) : ''}
      dateTime={today ? isoDate(today) : ''}
      intro={privacyCopy.intro}
      sections={privacyCopy.sections}
    >
      <ContactButton to={privacyCopy.contactCta.path}>{privacyCopy.contactCta.label}</ContactButton>
    </LegalDocument>
  );
}
