import { enquiryPlanParam, findPlan } from 'shared-content/contact';
import type { RuntimeConfig } from 'shared-content/site';
import { useSearchParams } from 'site-router';
import { FaqSection } from '../faq/FaqSection.tsx';
import { GetInTouchSection } from '../get-in-touch/GetInTouchSection.tsx';
import { ConnectSection } from '../sections/ConnectSection.tsx';
import { ContactHero } from '../sections/ContactHero.tsx';
import { EnquirySection } from '../sections/EnquirySection.tsx';

export interface ContactPageProps {
  /** Run-time configuration (API URL, EmailJS settings), read by the shell from runtime.json. */
  runtimeConfig: RuntimeConfig;
}

/**
 * /contact, in the spec's order: hero, Send Your Query, Our Contact Details, FAQ (#faqs), Connect With Us.
 * Get In Touch (#contact), whose place the spec leaves open, closes the page: the FAQ's Contact Us link
 * leads down to it, and a visitor who read everything finds a short form right before the footer.
 */
export function ContactPage({ runtimeConfig }: ContactPageProps) {
  const [searchParams] = useSearchParams();
  // An unknown or missing plan gives undefined, and the form starts empty.
  const plan = findPlan(searchParams.get(enquiryPlanParam));
  return (
    <>
      <ContactHero />
      <EnquirySection apiUrl={runtimeConfig.apiUrl} plan={plan} />
      <FaqSection />
      <ConnectSection />
      <GetInTouchSection
        emailjs={runtimeConfig.emailjs}
        idempotent={runtimeConfig.emailjs.origin === runtimeConfig.apiUrl}
      />
    </>
  );
}
