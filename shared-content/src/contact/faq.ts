import type { FaqItem } from '../entities/index.ts';

export const faqCopy = {
  /** The section's anchor: /contact#faqs. */
  anchor: 'faqs',
  eyebrow: 'FAQ',
  heading: 'Frequently Asked Questions',
  subtitle: 'Straight answers to what businesses usually ask us before we start.',
  closingText: "Can't find your answer?",
  /** Ends the section: a link to the Get In Touch section (anchor contact). */
  contactLink: { label: 'Contact Us', href: '#contact' },
} as const;

/** Five questions about working with the agency. Prices and support periods match the pricing plans. */
export const faqItems: readonly FaqItem[] = [
  {
    question: 'How long does it take to build my website?',
    answer:
      'A Starter website is usually live in 1–2 weeks and a Business website in 3–4 weeks. Larger shops and custom software are planned in milestones, and you get a written timeline before any work starts.',
  },
  {
    question: 'How much does a website cost, and how do I pay?',
    answer:
      'Our plans are one-time prices: Starter ₹15,000, Business ₹35,000 and Premium ₹75,000. Custom work is quoted after a free consultation. You can pay by UPI, bank transfer or EMI, and GST invoices are available.',
  },
  {
    question: 'We are not in Noida. Can we still work with you?',
    answer:
      'Yes. We are based in Noida but work remotely with businesses across India and abroad. Calls, WhatsApp, shared previews and weekly progress updates keep you involved at every step, without a single office visit.',
  },
  {
    question: 'Will I be able to update the website myself?',
    answer:
      'Yes. Business and Premium websites come with an easy content management system, and we walk you through it in a short recorded training session so you can edit text, photos and products on your own.',
  },
  {
    question: 'What happens after my website goes live?',
    answer:
      'Every plan includes free support after launch: 1 month with Starter, 3 months with Business and 6 months with Premium. After that you can choose an affordable maintenance plan or call on us only when you need us.',
  },
];
