import { formatLegalDate, isoDate, termsCopy } from 'shared-content/marketing';
import { useToday } from '../hooks/useToday.ts';
import { LegalDocument } from '../sections/LegalDocument.tsx';

/** Spec: "today's date as Last updated" — the page shows the day it is viewed. */
export function TermsPage() {
  const today = useToday();
  return (
    <LegalDocument
      id="terms-heading"
      heading={termsCopy.heading}
      dateLabel={termsCopy.lastUpdatedLabel}
      date={today ? formatLegalDate(today) : ''}
      dateTime={today ? isoDate(today) : ''}
      intro={termsCopy.intro}
      sections={termsCopy.sections}
    />
  );
}
