import { afterEach, describe, expect, it } from 'vitest';
import { addIcons, holdIconPlace, placeholderIconHref } from './icons.ts';

afterEach(() => {
  document.head.replaceChildren();
});

const iconLinks = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="icon"]')].map((link) => ({
    href: link.getAttribute('href'),
    type: link.getAttribute('type'),
    sizes: link.getAttribute('sizes'),
  }));

/** The icons the build writes into the deferred plan, and the links they become in the head. */
const siteIcons = [
  { href: '/favicon.ico', sizes: '32x32' },
  { href: '/favicon.svg', type: 'image/svg+xml' },
];
const siteIconLinks = [
  { href: '/favicon.ico', type: null, sizes: '32x32' },
  { href: '/favicon.svg', type: 'image/svg+xml', sizes: null },
];

describe('addIcons', () => {
  it('adds the page’s tab icons to its head as the build wrote them', () => {
    addIcons(document, siteIcons);
    expect(iconLinks()).toEqual(siteIconLinks);
  });

  it('adds each icon once, however often it is called', () => {
    const icons = [{ href: '/favicon.svg', type: 'image/svg+xml' }];
    addIcons(document, icons);
    addIcons(document, icons);
    expect(iconLinks()).toHaveLength(1);
  });

  it('holds the icon’s place with one icon that needs no request, until the real icons replace it', () => {
    holdIconPlace(document);
    holdIconPlace(document);
    expect(iconLinks()).toEqual([{ href: placeholderIconHref, type: null, sizes: null }]);
    expect(placeholderIconHref).toMatch(/^data:/);

    addIcons(document, siteIcons);
    expect(iconLinks()).toEqual(siteIconLinks);
    expect(document.head.querySelectorAll('link[data-icon-placeholder]')).toHaveLength(0);
  });
});
