import { RemoteSlot } from '../federation/RemoteSlot.tsx';

/** Home: the hero first, then the portfolio and the process (the remaining sections arrive with mf-marketing's issue). */
export function HomePage() {
  return (
    <>
      <RemoteSlot remote="mf_marketing" module="Hero" tone="dark" reserve={{ base: 860, md: 760, lg: 700 }} />
      <RemoteSlot
        remote="mf_portfolio"
        module="PortfolioSection"
        props={{ context: 'home' }}
        reserve={{ base: 2910, md: 1380, lg: 1110 }}
      />
      <RemoteSlot remote="mf_portfolio" module="ProcessSection" reserve={{ base: 1340, md: 890, lg: 620 }} />
    </>
  );
}
