import { formatLegalDate, termsCopy } from 'shared-content/marketing';
import { LegalDocument } from '../sections/LegalDocument.tsx';

export function TermsPage() {
  return (
    <LegalDocument
      id="terms-heading"
      heading={termsCopy.heading}
      dateLabel={termsCopy.lastUpdatedLabel}
      date={formatLegalDate(new Date())}
      intro={termsCopy.intro}
      sections={termsCopy.sections}
    />
  );
}
