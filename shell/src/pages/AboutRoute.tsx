import { RemoteSlot } from '../federation/RemoteSlot.tsx';

/** /about: the about page from mf-marketing, how we work from mf-portfolio, what clients say, a call to action. */
export function AboutRoute() {
  return (
    <>
      <RemoteSlot
        remote="mf_marketing"
        module="AboutPage"
        tone="dark"
        reserve={{ base: 3000, md: 2800, lg: 1900 }}
      />
      <RemoteSlot remote="mf_portfolio" module="ProcessSection" reserve={{ base: 1500, md: 900, lg: 600 }} />
      <RemoteSlot
        remote="mf_marketing"
        module="TestimonialsSection"
        reserve={{ base: 1900, md: 1500, lg: 1200 }}
      />
      <RemoteSlot remote="mf_marketing" module="CallToActionBand" reserve={{ base: 500, md: 500, lg: 500 }} />
    </>
  );
}
