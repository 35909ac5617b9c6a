import type { Service } from '../entities/index.ts';

export const servicesCopy = {
  eyebrow: 'OUR SERVICES',
  heading: 'Comprehensive Digital Solutions',
  subtitle:
    'Everything your business needs to look great, be found and sell online, built by one accountable team.',
  banner: {
    heading: 'Ready to transform your digital presence?',
    text: "Tell us where you want to be. We'll map the fastest way to get there, free of charge.",
    cta: 'Schedule Free Consultation',
  },
} as const;

export const services: readonly Service[] = [
  {
    id: 'web-development',
    title: 'Web Development',
    description: 'Fast, secure and search-friendly websites and web apps that turn visitors into customers.',
    features: [
      'Responsive, mobile-first design',
      'React and WordPress builds',
      'Speed and Core Web Vitals tuning',
      'Easy content management',
    ],
    icon: 'code',
    cta: 'Start your project',
  },
  {
    id: 'mobile-app-development',
    title: 'Mobile App Development',
    description: 'Android and iOS apps your customers enjoy using, from one shared codebase.',
    features: [
      'Cross-platform apps',
      'Push notifications',
      'Payments and UPI integration',
      'Play Store and App Store launch',
    ],
    icon: 'mobile',
    cta: 'Build your app',
  },
  {
    id: 'ui-ux-design',
    title: 'UI/UX Design',
    description: 'Clear, attractive interfaces designed around how your customers really think and buy.',
    features: [
      'User research and wireframes',
      'Interactive prototypes',
      'Design systems',
      'Accessibility reviews',
    ],
    icon: 'design',
    cta: 'Design your vision',
  },
  {
    id: 'e-commerce-solutions',
    title: 'E-Commerce Solutions',
    description:
      'Online stores that are simple to manage and built to sell, on Shopify, WooCommerce or custom.',
    features: [
      'Shopify and WooCommerce stores',
      'Payment gateway setup',
      'Inventory and order management',
      'GST-ready invoicing',
    ],
    icon: 'cart',
    cta: 'Launch your store',
  },
  {
    id: 'seo-digital-marketing',
    title: 'SEO & Digital Marketing',
    description: 'Get found on Google and grow steadily with search, social and content that converts.',
    features: [
      'Technical and local SEO',
      'Business listing optimisation',
      'Social media campaigns',
      'Monthly analytics reports',
    ],
    icon: 'search',
    cta: 'Boost your traffic',
  },
];
