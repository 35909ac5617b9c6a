import { formatLegalDate, isoDate, termsCopy } from 'shared-content/marketing';
import { LegalDocument } from '../sections/LegalDocument.tsx';

/** Spec: "today's date as Last updated" — the page shows the day it is viewed. */
export function TermsPage() {
  const today = new Date();
  return (
    <LegalDocument
      id="terms-heading"
      heading={termsCopy.heading}
      dateLabel={termsCopy.lastUpdatedLabel}
      date={formatLegalDate(today)}
      dateTime={isoDate(today)}
      intro={termsCopy.intro}
      sections={termsCopy.sections}
    />
  );
}
