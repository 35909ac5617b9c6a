import type { Testimonial } from '../entities/index.ts';

export const testimonialsCopy = {
  eyebrow: 'TESTIMONIALS',
  heading: 'What Our Clients Say',
  subtitle: "Don't just take our word for it - hear from businesses we've transformed.",
  /** Spec section 9: non-featured cards show this many characters, then an ellipsis. */
  cardTextLimit: 120,
  ratingLabel: (rating: number) => `Rated ${rating} out of 5`,
  stats: [
    { value: '100%', label: 'Client Satisfaction' },
    { value: '50+', label: 'Projects Completed' },
    { value: '24/7', label: 'Support Available' },
    { value: '5★', label: 'Average Rating' },
  ],
} as const;

/**
 * Four clients in India and Switzerland (Shopify, React dashboard, WordPress, custom e-commerce).
 * `name` describes the client's role and business: the site names no private person.
 * `image.src` is a file in mf-marketing's src/assets folder.
 */
export const testimonials: readonly Testimonial[] = [
  {
    name: 'Founder, handloom saree Shopify store',
    location: 'Jaipur, India',
    text: 'We came with a slow, generic Shopify theme and a lot of abandoned carts. The team rebuilt our store around how our customers really shop: close-up photos of every weave, UPI and cash on delivery at checkout, and pages that load quickly even on patchy 4G. Online orders doubled within four months, and they still answer our questions the same day.',
    image: {
      src: 'avatar-handloom-store.svg',
      alt: 'Monogram of the handloom saree store: a woven diamond pattern',
      width: 96,
      height: 96,
    },
    rating: 5,
    featured: true,
  },
  {
    name: 'Operations Head, freight logistics company',
    location: 'Zurich, Switzerland',
    text: 'Our dispatchers used to juggle five spreadsheets. The React dashboard they built now shows every shipment, driver and delay on one live screen, and weekly demos made working across time zones easy.',
    image: {
      src: 'avatar-freight-logistics.svg',
      alt: 'Monogram of the freight logistics company: a route line between two points',
      width: 64,
      height: 64,
    },
    rating: 4.5,
    featured: false,
  },
  {
    name: 'Owner, Ayurveda wellness clinic',
    location: 'Kochi, India',
    text: 'Our old WordPress site was hard to update and never showed up in local searches. Now we edit treatments and prices ourselves, patients book online, and we appear near the top of map results for our area.',
    image: {
      src: 'avatar-wellness-clinic.svg',
      alt: 'Monogram of the Ayurveda wellness clinic: a leaf',
      width: 64,
      height: 64,
    },
    rating: 5,
    featured: false,
  },
  {
    name: 'Co-founder, artisan chocolate e-shop',
    location: 'Lucerne, Switzerland',
    text: 'We needed a custom online shop with Swiss and EU shipping, two currencies and German and French product pages. They delivered a fast, reliable store on schedule and explained every decision in plain language.',
    image: {
      src: 'avatar-chocolate-shop.svg',
      alt: 'Monogram of the artisan chocolate e-shop: a chocolate square with a mountain outline',
      width: 64,
      height: 64,
    },
    rating: 4.5,
    featured: false,
  },
];
