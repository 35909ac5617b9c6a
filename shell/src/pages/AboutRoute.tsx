import { RemoteSlot } from '../federation/RemoteSlot.tsx';

/**
 * /about: the about page from mf-marketing (title, about section, values), how we work from mf-portfolio, what
 * clients say and a closing call to action. Reserves as measured at 375, 768 and 1280 px.
 */
export function AboutRoute() {
  return (
    <>
      <RemoteSlot
        remote="mf_marketing"
        module="AboutPage"
        tone="dark"
        reserve={{ base: 3120, md: 2540, lg: 1830 }}
      />
      <RemoteSlot remote="mf_portfolio" module="ProcessSection" reserve={{ base: 1340, md: 890, lg: 620 }} />
      <RemoteSlot
        remote="mf_marketing"
        module="TestimonialsSection"
        reserve={{ base: 2460, md: 1860, lg: 1200 }}
      />
      <RemoteSlot remote="mf_marketing" module="CallToActionBand" reserve={{ base: 450, md: 440 }} />
    </>
  );
}
