import { RemoteSlot } from '../federation/RemoteSlot.tsx';

/**
 * Home, in the order a visitor decides: what we are and do, proof (portfolio, process), price, what clients say,
 * a last call to action, and the client logos. Each reserve is the section's measured height at 375 / 768 / 1280 px,
 * so nothing below moves when a remote arrives.
 */
export function HomePage() {
  return (
    <>
      <RemoteSlot remote="mf_marketing" module="Hero" tone="dark" reserve={{ base: 860, md: 760, lg: 700 }} />
      <RemoteSlot
        remote="mf_marketing"
        module="ServicesOverview"
        reserve={{ base: 1900, md: 1300, lg: 1000 }}
      />
      <RemoteSlot remote="mf_marketing" module="AboutSection" reserve={{ base: 1400, md: 1500, lg: 800 }} />
      <RemoteSlot
        remote="mf_portfolio"
        module="PortfolioSection"
        props={{ context: 'home' }}
        reserve={{ base: 1500, md: 1100, lg: 1000 }}
      />
      <RemoteSlot remote="mf_portfolio" module="ProcessSection" reserve={{ base: 1500, md: 900, lg: 600 }} />
      <RemoteSlot
        remote="mf_marketing"
        module="PricingSection"
        reserve={{ base: 2600, md: 2600, lg: 1400 }}
      />
      <RemoteSlot
        remote="mf_marketing"
        module="TestimonialsSection"
        reserve={{ base: 1900, md: 1500, lg: 1200 }}
      />
      <RemoteSlot remote="mf_marketing" module="CallToActionBand" reserve={{ base: 500, md: 500, lg: 500 }} />
      <RemoteSlot remote="mf_marketing" module="ClientCarousel" reserve={{ base: 450, md: 450, lg: 450 }} />
    </>
  );
}
