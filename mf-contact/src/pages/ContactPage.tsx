import { contactHeroCopy } from 'shared-content/contact';
import { PageHero } from 'shared-content/ui';
import type { ContactPageProps } from '../contract.ts';
import { ContactDetails } from '../sections/ContactDetails.tsx';

export function ContactPage(_props: ContactPageProps) {
  return (
    <>
      <PageHero
        id="contact-heading"
        eyebrow={contactHeroCopy.eyebrow}
        title={contactHeroCopy.heading}
        text={contactHeroCopy.text}
      />
      <ContactDetails />
    </>
  );
}
