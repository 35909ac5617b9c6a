import { termsCopy } from 'shared-content/marketing';
import { LegalDocument } from '../sections/LegalDocument.tsx';

/** Spec: "today's date as Last updated" — the page shows the day it is viewed. */
export function TermsPage() {
  return (
    <LegalDocument
      id="terms-heading"
      heading={termsCopy.heading}
      dateLabel={termsCopy.lastUpdatedLabel}
      intro={termsCopy.intro}
      sections={termsCopy.sections}
    />
  );
}
