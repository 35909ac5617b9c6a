/**
 * The path of each page that copy and sections link to. Kept apart from the route table (routes.ts), which takes
 * its paths from here, so a link and its page cannot differ: a remote that links to /contact is built from these
 * strings alone, and a change to the route table (a new route, a title, a slot, a reserve) leaves every remote's
 * build as it was. `pnpm affected` then releases the shell and the slot's remote, not every app.
 *
 * A new route writes its path in routes.ts; it moves here once a remote or the copy links to it (which changes
 * the builds that link to it, as it should).
 */
export const pagePaths = {
  home: '/',
  services: '/services',
  about: '/about',
  portfolio: '/portfolio',
  categories: '/categories',
  contact: '/contact',
  privacy: '/privacy-policy',
  terms: '/terms-conditions',
} as const;
