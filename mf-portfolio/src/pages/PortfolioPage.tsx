import { PortfolioSection } from '../sections/PortfolioSection.tsx';
import { ProcessSection } from '../sections/ProcessSection.tsx';

/** /portfolio: the portfolio and the process (the spec's empty block is deliberately not reproduced). */
export function PortfolioPage() {
  return (
    <>
      <PortfolioSection context="page" />
      <ProcessSection />
    </>
  );
}
