import { RemoteSlot } from '../federation/RemoteSlot.tsx';

/**
 * Home, in the order a visitor decides: what we do and who we are, proof (portfolio, process), the price, what
 * clients say, a last call to action, and the client logos. mf-marketing's reserves are its sections' heights
 * measured at 375, 768 and 1280 px, so nothing below moves when a remote arrives.
 */
export function HomePage() {
  return (
    <>
      <RemoteSlot remote="mf_marketing" module="Hero" tone="dark" reserve={{ base: 870, md: 790, lg: 790 }} />
      <RemoteSlot
        remote="mf_marketing"
        module="ServicesOverview"
        reserve={{ base: 1840, md: 1370, lg: 1050 }}
      />
      <RemoteSlot remote="mf_marketing" module="AboutSection" reserve={{ base: 1150, md: 1170, lg: 710 }} />
      <RemoteSlot
        remote="mf_portfolio"
        module="PortfolioSection"
        props={{ context: 'home' }}
        reserve={{ base: 2910, md: 1380, lg: 1110 }}
      />
      <RemoteSlot remote="mf_portfolio" module="ProcessSection" reserve={{ base: 1340, md: 890, lg: 620 }} />
      <RemoteSlot
        remote="mf_marketing"
        module="PricingSection"
        reserve={{ base: 3000, md: 2700, lg: 1340 }}
      />
      <RemoteSlot
        remote="mf_marketing"
        module="TestimonialsSection"
        reserve={{ base: 2460, md: 1860, lg: 1200 }}
      />
      <RemoteSlot remote="mf_marketing" module="CallToActionBand" reserve={{ base: 450, md: 440 }} />
      <RemoteSlot remote="mf_marketing" module="ClientCarousel" reserve={{ base: 520, md: 500 }} />
    </>
  );
}
