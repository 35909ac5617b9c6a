import { enquiryServices } from '../enquiry/fields.ts';

/** The main enquiry form, Send Your Query (spec sections 4, 5 and 8). */
export const enquiryFormCopy = {
  heading: 'Send Your Query',
  intro: 'Share a few details and our team will reply within 24 hours.',
  requiredNote: 'Fields marked * are required.',
  fields: {
    name: { label: 'Your Name', placeholder: 'Your full name', autoComplete: 'name' },
    email: { label: 'Email Address', placeholder: 'you@yourbusiness.in', autoComplete: 'email' },
    business: {
      label: 'Business Name',
      placeholder: 'Your business or startup',
      autoComplete: 'organization',
    },
    phone: { label: 'WhatsApp Number', placeholder: '+91 90123 45678', autoComplete: 'tel' },
    service: { label: 'Service Needed', placeholder: 'Select a service (optional)' },
    message: {
      label: 'Message',
      placeholder: 'Tell us about your project, goals and timeline (optional)',
    },
  },
  serviceOptions: enquiryServices,
  submit: 'Send Query',
  submitting: 'Processing...',
  success: "Thank you! We'll contact you within 24 hours.",
  genericError: 'Something went wrong. Please try again.',
  networkError: 'Network error. Please check your connection.',
} as const;
