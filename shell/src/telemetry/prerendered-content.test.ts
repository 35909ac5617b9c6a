import { describe, expect, it } from 'vitest';
import { watchPrerenderedContent } from './prerendered-content.ts';

function prerenderedSlot(html: string) {
  const slot = document.createElement('div');
  slot.setAttribute('data-remote-slot', 'mf_marketing/Hero');
  slot.innerHTML = html;
  return slot;
}

describe('watchPrerenderedContent', () => {
  it('reports no mismatch when hydration kept the prerendered element, however its content changed', () => {
    const slot = prerenderedSlot('<!--$--><section><h1>Hello</h1></section><!--/$-->');
    const mismatched = watchPrerenderedContent(slot);
    slot.querySelector('h1')?.replaceWith(document.createElement('h2'));
    slot.querySelector('section')?.setAttribute('class', 'live');
    expect(mismatched()).toBe(false);
  });

  it('reports a mismatch when the prerendered element was replaced by one rendered on the client', () => {
    const slot = prerenderedSlot('<!--$--><section><h1>Hello</h1></section><!--/$-->');
    const mismatched = watchPrerenderedContent(slot);
    // What React does with a boundary it cannot hydrate: the server's nodes go, the client's come in.
    const client = document.createElement('section');
    client.innerHTML = '<h1>Hello</h1>';
    slot.replaceChildren(client);
    expect(mismatched()).toBe(true);
  });

  it('reports a mismatch when the element moved out of the slot', () => {
    const slot = prerenderedSlot('<section></section>');
    const mismatched = watchPrerenderedContent(slot);
    document.body.append(slot.firstElementChild as Element);
    expect(mismatched()).toBe(true);
  });

  it('never reports one for a slot without prerendered elements', () => {
    const slot = prerenderedSlot('<!--$-->text only<!--/$-->');
    const mismatched = watchPrerenderedContent(slot);
    slot.replaceChildren(document.createElement('section'));
    expect(mismatched()).toBe(false);
  });
});
