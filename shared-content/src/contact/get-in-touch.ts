import { siteConfig } from '../site/config.ts';
import type { OpeningHours } from './contact-page.ts';

/** The separate Get In Touch section (anchor contact) with the simple contact form (spec sections 2, 4, 8). */
export const getInTouchCopy = {
  /** The section's anchor: the FAQ's Contact Us link points here. */
  anchor: 'contact',
  eyebrow: 'SAY HELLO',
  heading: 'Get In Touch',
  intro: 'A quick question or just want to say hello? Drop us a line and we will write back soon.',
  detailsHeading: 'Reach us directly',
  phoneLabel: 'Phone',
  phone: siteConfig.phones.primary,
  emailLabel: 'Email',
  email: siteConfig.email,
  locationLabel: 'Location',
  location: `${siteConfig.address.locality}, ${siteConfig.address.region}, ${siteConfig.address.country}`,
  hoursHeading: 'Working Hours',
  hours: [
    { days: 'Monday to Friday', time: '9:00 AM-5:00 PM' },
    { days: 'Saturday', time: '10:00 AM-2:00 PM' },
    { days: 'Sunday', time: 'closed' },
  ] satisfies readonly OpeningHours[],
  formHeading: 'Send us a message',
  fields: {
    name: { label: 'Full Name', placeholder: 'Your full name', autoComplete: 'name' },
    email: { label: 'Email Address', placeholder: 'you@example.com', autoComplete: 'email' },
    message: { label: 'Message', placeholder: 'How can we help?' },
  },
  submit: 'Send Message',
  sending: 'Sending...',
  /** Browser alerts (spec section 8). */
  successAlert: 'Message sent successfully!',
  errorAlertPrefix: 'Error sending message: ',
  /** The provider client reports a refused connection with an empty text; this is shown instead. */
  noResponseText: 'Network Error',
  /** A failure status with an empty body: "HTTP 502". */
  statusPrefix: 'HTTP ',
} as const;
