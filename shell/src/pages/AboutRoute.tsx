import { RemoteSlot } from '../federation/RemoteSlot.tsx';

/** /about: the about page from mf-marketing, then how we work from mf-portfolio. */
export function AboutRoute() {
  return (
    <>
      <RemoteSlot remote="mf_marketing" module="AboutPage" tone="dark" reserve={{ base: 1200, md: 1000 }} />
      <RemoteSlot remote="mf_portfolio" module="ProcessSection" reserve={{ base: 1340, md: 890, lg: 620 }} />
    </>
  );
}
