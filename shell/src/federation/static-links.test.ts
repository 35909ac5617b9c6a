import { describe, expect, it } from 'vitest';
import { clientNavigationOf, type LinkClick } from './static-links.ts';

const here = new URL('https://agency.example/services') as unknown as Location;

/** A click on a link with these attributes (and the click's own fields). */
function clickOn(attributes: Record<string, string>, click: Partial<LinkClick> = {}): LinkClick {
  const link = document.createElement('a');
  for (const [name, value] of Object.entries(attributes)) link.setAttribute(name, value);
  const inner = link.appendChild(document.createElement('span'));
  document.body.append(link);
  return {
    target: inner,
    button: 0,
    defaultPrevented: false,
    metaKey: false,
    ctrlKey: false,
    shiftKey: false,
    altKey: false,
    ...click,
  };
}

describe('a click inside a static slot', () => {
  it('on a link to one of the site’s pages goes through the router, query and fragment kept', () => {
    expect(clientNavigationOf(clickOn({ href: '/contact' }), here)).toBe('/contact');
    expect(clientNavigationOf(clickOn({ href: '/portfolio?category=wordpress' }), here)).toBe(
      '/portfolio?category=wordpress',
    );
    expect(clientNavigationOf(clickOn({ href: 'https://agency.example/about#team' }), here)).toBe(
      '/about#team',
    );
    expect(clientNavigationOf(clickOn({ href: '/Portfolio' }), here)).toBe('/Portfolio');
  });

  it('is left to the browser for a new tab, another button, a target, a download or a handled click', () => {
    for (const modifier of ['metaKey', 'ctrlKey', 'shiftKey', 'altKey'] as const) {
      expect(
        clientNavigationOf(clickOn({ href: '/contact' }, { [modifier]: true }), here),
        modifier,
      ).toBeNull();
    }
    expect(clientNavigationOf(clickOn({ href: '/contact' }, { button: 1 }), here)).toBeNull();
    expect(clientNavigationOf(clickOn({ href: '/contact' }, { defaultPrevented: true }), here)).toBeNull();
    expect(clientNavigationOf(clickOn({ href: '/contact', target: '_blank' }), here)).toBeNull();
    expect(clientNavigationOf(clickOn({ href: '/contact', target: '_self' }), here)).toBe('/contact');
    expect(clientNavigationOf(clickOn({ href: '/contact', download: '' }), here)).toBeNull();
  });

  it('is left to the browser for another origin, mail and phone links, a fragment of this page and a path that is no page', () => {
    expect(clientNavigationOf(clickOn({ href: 'https://wa.me/910000000000' }), here)).toBeNull();
    expect(clientNavigationOf(clickOn({ href: 'mailto:hello@agency.example' }), here)).toBeNull();
    expect(clientNavigationOf(clickOn({ href: 'tel:+910000000000' }), here)).toBeNull();
    expect(clientNavigationOf(clickOn({ href: '#pricing' }), here)).toBeNull();
    expect(clientNavigationOf(clickOn({ href: '/og-image.png' }), here)).toBeNull();
  });

  it('outside any link, or on a link without an address, does nothing', () => {
    const paragraph = document.body.appendChild(document.createElement('p'));
    expect(clientNavigationOf({ ...clickOn({ href: '/contact' }), target: paragraph }, here)).toBeNull();
    expect(clientNavigationOf(clickOn({ name: 'anchor' }), here)).toBeNull();
  });
});
