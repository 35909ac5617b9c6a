import { siteConfig } from '../site/config.ts';
import { pagePaths } from '../site/page-paths.ts';

/** One line of a legal page's contact block; `href` makes it a link (mail or phone). */
export interface LegalContactLine {
  label: string;
  value: string;
  href?: string;
}

export interface LegalSection {
  id: string;
  heading: string;
  paragraphs: readonly string[];
  bullets?: readonly string[];
  /** Closing paragraphs, shown after the bullets. */
  after?: readonly string[];
  contactLines?: readonly LegalContactLine[];
}

/**
 * Company, address and phone are the placeholders of the site configuration (shared-content/src/site/config.ts):
 * the legal pages change with them. Have a lawyer review both texts before going live.
 */
const company = siteConfig.legalName;
const brand = siteConfig.brandName;
const email = siteConfig.email;
const phone = siteConfig.phones.primary;
/** Governing-law placeholder: the courts of the city the configuration names as the agency's base. */
const jurisdiction = `${siteConfig.address.locality}, ${siteConfig.address.region}`;

/** Spec section 9. */
export const legalConstants = {
  privacyMinimumAge: 13,
  termsMinimumAge: 18,
  changeNoticeDays: 30,
  cancelBeforeRenewalHours: 24,
} as const;

const contactLines: readonly LegalContactLine[] = [
  { label: 'Company', value: company },
  { label: 'Address', value: siteConfig.address.postal },
  { label: 'Phone', value: phone.display, href: `tel:${phone.tel}` },
  { label: 'E-mail', value: email, href: `mailto:${email}` },
];

/** Shared by both legal pages. */
export const legalPageCopy = {
  contentsLabel: 'On this page',
} as const;

export const privacyCopy = {
  heading: 'Privacy Policy',
  lastUpdatedLabel: 'Last Updated:',
  intro: `This Privacy Policy explains how ${company} ("${brand}", "we", "us" or "our") collects, uses, shares and protects personal information when you visit our website, contact us or use our services. By using our website you agree to the practices described here.`,
  sections: [
    {
      id: 'information-we-collect',
      heading: 'Information We Collect',
      paragraphs: ['We collect only the information we need to answer you and to deliver our services:'],
      bullets: [
        'Contact details you give us in our forms: your name, e-mail address, business name and phone or WhatsApp number.',
        'Details of your enquiry: the service you are interested in, the plan you selected and the message you write.',
        'Your e-mail address, if you subscribe to our newsletter.',
        'Basic technical information our servers record automatically, such as your browser type, device type, the pages you visit and the time of your visit.',
        'Anything you share with us while we work together, such as content, images and access details for your project.',
      ],
    },
    {
      id: 'how-we-use-your-information',
      heading: 'How We Use Your Information',
      paragraphs: ['We use your information to:'],
      bullets: [
        'reply to your enquiry and prepare proposals and quotes;',
        'plan, build, deliver and support the services you ask for;',
        'send invoices and keep the business records the law requires;',
        'send our newsletter, if you subscribed (every issue has a link to unsubscribe);',
        'keep our website secure and working well.',
      ],
      after: ['We do not use your information for automated decisions about you, and we never sell it.'],
    },
    {
      id: 'how-we-share-your-information',
      heading: 'How We Share Your Information',
      paragraphs: ['We share personal information only when it is needed, and only with:'],
      bullets: [
        'service providers who host our website, deliver our e-mail or store our files, under agreements that require them to protect it;',
        'payment providers, when you pay us, for the payment only;',
        'authorities, when the law, a court order or the protection of our rights requires it.',
      ],
      after: [
        'If our business is ever merged or sold, your information may pass to the new owner, who must keep honouring this policy.',
      ],
    },
    {
      id: 'cookies',
      heading: 'Cookies and Similar Technologies',
      paragraphs: [
        'Our website does not use advertising or cross-site tracking cookies. It may store small, strictly necessary pieces of information in your browser so that pages load and work correctly.',
        'You can block or delete cookies and stored data in your browser settings. If we ever add analytics, we will update this policy first and ask for your consent where the law requires it.',
      ],
    },
    {
      id: 'data-security',
      heading: 'Data Security',
      paragraphs: [
        'We protect your information with encrypted connections (HTTPS), access limited to the people who need it, strong passwords with two-factor sign-in, and regular updates of the software we use.',
        'No method of sending or storing data over the internet is completely secure, so we cannot guarantee absolute security, but we act promptly and inform you if a breach affects your information.',
      ],
    },
    {
      id: 'your-rights',
      heading: 'Your Rights',
      paragraphs: [
        'Depending on where you live, for example under India’s Digital Personal Data Protection Act, 2023 or the data protection laws of Switzerland and the European Union, you have the right to:',
      ],
      bullets: [
        'ask what personal information we hold about you and receive a copy;',
        'have inaccurate information corrected;',
        'have your information deleted when we no longer need it;',
        'withdraw your consent, for example by unsubscribing from our newsletter;',
        'complain to your data protection authority.',
      ],
      after: ['To use any of these rights, contact us using the details below. We reply within 30 days.'],
    },
    {
      id: 'childrens-privacy',
      heading: 'Children’s Privacy',
      paragraphs: [
        `Our website and services are not intended for children under ${legalConstants.privacyMinimumAge}, and we do not knowingly collect personal information from them. If you believe a child under ${legalConstants.privacyMinimumAge} has sent us personal information, please contact us and we will delete it.`,
      ],
    },
    {
      id: 'changes-to-this-policy',
      heading: 'Changes to This Policy',
      paragraphs: [
        'We may update this policy when our services or the law change. The date at the top of this page shows when it last changed; for significant changes we will also tell subscribers by e-mail.',
      ],
    },
    {
      id: 'contact-us',
      heading: 'Contact Us',
      paragraphs: ['If you have questions about this policy or about your personal information, contact us:'],
      contactLines,
    },
  ] satisfies LegalSection[],
  contactCta: { label: 'Contact Us for Privacy Questions', path: pagePaths.contact },
} as const;

export const termsCopy = {
  heading: 'Terms and Conditions',
  lastUpdatedLabel: 'Last updated:',
  intro: `These Terms and Conditions ("Terms") govern your use of the ${brand} website and of the services provided by ${company} ("we", "us" or "our"). By using our website or services you agree to these Terms.`,
  sections: [
    {
      id: 'introduction',
      heading: 'Introduction',
      paragraphs: [
        `${company} designs, builds and maintains websites, mobile apps and online stores and provides digital marketing and search engine optimisation services. Please read these Terms carefully before using our website or engaging our services.`,
        'For each project we also agree a written proposal or quote. If it differs from these Terms, the proposal applies to that project.',
      ],
    },
    {
      id: 'user-accounts',
      heading: 'User Accounts',
      paragraphs: [
        `You must be at least ${legalConstants.termsMinimumAge} years old to use our services or enter into an agreement with us.`,
        'We may give you accounts or access details, for example to a website dashboard, a hosting panel or a staging site. You agree to give us accurate information, to keep your passwords confidential and to tell us at once if you suspect that someone else has used your account. You are responsible for activity under your accounts.',
      ],
    },
    {
      id: 'intellectual-property',
      heading: 'Intellectual Property',
      paragraphs: [
        'The content of this website, including its text, graphics, logos and code, belongs to us or our licensors and may not be copied or reused without our written permission.',
        'Once a project is paid in full, you own the final designs and content we create specifically for you. Third-party software, themes, fonts and images stay under their own licences, which we pass on to you. We may show completed work in our portfolio unless you ask us not to.',
      ],
    },
    {
      id: 'payments-and-subscriptions',
      heading: 'Payments and Subscriptions',
      paragraphs: [
        'Plan prices on our website are one-time prices in Indian rupees; taxes such as GST are added to the invoice where they apply. Payment milestones for each project are set out in its proposal.',
        'Ongoing services such as hosting, maintenance and support after the included period are billed as subscriptions that renew automatically for the same period.',
      ],
      bullets: [
        `To stop a subscription, cancel it at least ${legalConstants.cancelBeforeRenewalHours} hours before it renews; otherwise the next period is charged.`,
        'We do not give refunds for partial months or for unused services.',
        'If a payment is overdue, we may pause work or services after telling you in advance.',
      ],
    },
    {
      id: 'limitation-of-liability',
      heading: 'Limitation of Liability',
      paragraphs: [
        'We take care to deliver reliable work, but our website and services are provided "as is". To the extent the law allows, we are not liable for indirect or consequential losses such as lost profits, lost data or business interruption, or for outages of third-party services such as hosting providers, payment gateways and app stores.',
        'Our total liability for any claim connected with a project is limited to the amount you paid us for that project.',
      ],
    },
    {
      id: 'governing-law',
      heading: 'Governing Law',
      paragraphs: [
        `These Terms are governed by the laws of India. Any dispute that we cannot settle by talking it through is subject to the exclusive jurisdiction of the courts at ${jurisdiction}.`,
      ],
    },
    {
      id: 'changes-to-terms',
      heading: 'Changes to Terms',
      paragraphs: [
        `We may update these Terms from time to time. We will give at least ${legalConstants.changeNoticeDays} days notice of changes by posting them on this page and, for active clients, by e-mail. If you keep using our website or services after the changes take effect, you accept the new Terms.`,
      ],
    },
    {
      id: 'contact',
      heading: 'Contact',
      paragraphs: ['Questions about these Terms? Contact us:'],
      contactLines,
    },
  ] satisfies LegalSection[],
} as const;
