import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type EarlyInput, holdEarlyInput } from './early-input.ts';
import {
  shellLiveAttribute,
  slotAttribute,
  slotLiveAttribute,
  slotNoticeAttribute,
  slotStaticAttribute,
} from './protocol.ts';

/** A page like a prerendered one: a shell button, a slot with a button, a link and a form, nothing live. */
function page() {
  document.documentElement.removeAttribute(shellLiveAttribute);
  document.body.innerHTML = `
    <header><button id="menu">Menu</button><a id="home" href="#home">Home</a></header>
    <div ${slotAttribute}="mf_contact/ContactPage">
      <button id="faq">Question</button>
      <form id="form"><input id="field" name="email" /><button id="send" type="submit">Send</button></form>
    </div>`;
  const element = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
  return {
    menu: element<HTMLButtonElement>('menu'),
    home: element<HTMLAnchorElement>('home'),
    slot: document.querySelector(`[${slotAttribute}]`) as HTMLElement,
    faq: element<HTMLButtonElement>('faq'),
    form: element<HTMLFormElement>('form'),
    field: element<HTMLInputElement>('field'),
    send: element<HTMLButtonElement>('send'),
  };
}

describe('input before its part of the page is live', () => {
  let input: EarlyInput;
  const wanted: string[] = [];
  beforeEach(() => {
    wanted.length = 0;
    input = holdEarlyInput(window, { onSlotWanted: (slot) => wanted.push(slot) });
  });
  afterEach(() => input.stop());

  it('holds a tap on a button of a slot that is not live, asks for the slot, and performs it once live', () => {
    const { faq, slot } = page();
    const handler = vi.fn();
    faq.addEventListener('click', handler);
    faq.click();
    expect(handler).not.toHaveBeenCalled();
    expect(wanted).toEqual(['mf_contact/ContactPage']);
    input.replay();
    expect(handler).not.toHaveBeenCalled();
    slot.setAttribute(slotLiveAttribute, '');
    input.replay();
    expect(handler).toHaveBeenCalledTimes(1);
    expect(input.held()).toBe(0);
  });

  it('holds nothing for a section that needs no code, and asks for none of its code', () => {
    const { faq, slot } = page();
    slot.setAttribute(slotStaticAttribute, '');
    const handler = vi.fn();
    faq.addEventListener('click', handler);
    faq.click();
    expect(handler).toHaveBeenCalledTimes(1);
    expect(wanted).toEqual([]);
    expect(input.held()).toBe(0);
  });

  it('holds a tap on the fallback of a section that needs no code but whose prerender failed: its code renders it', () => {
    const { slot } = page();
    slot.setAttribute(slotStaticAttribute, '');
    slot.innerHTML = `<div data-slot-state="failed" data-slot="mf_contact/ContactPage"><button id="retry">Retry</button></div>`;
    const retry = document.getElementById('retry') as HTMLButtonElement;
    const handler = vi.fn();
    retry.addEventListener('click', handler);
    retry.click();
    expect(handler).not.toHaveBeenCalled();
    expect(wanted).toEqual(['mf_contact/ContactPage']);
    slot.setAttribute(slotLiveAttribute, '');
    input.replay();
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('performs two taps on the same control as one (the visitor tapped again because nothing happened)', () => {
    const { faq, slot } = page();
    const handler = vi.fn();
    faq.addEventListener('click', handler);
    faq.click();
    faq.click();
    slot.setAttribute(slotLiveAttribute, '');
    input.replay();
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('holds the shell’s buttons until the shell is live, and leaves a live part alone', () => {
    const { menu } = page();
    const handler = vi.fn();
    menu.addEventListener('click', handler);
    menu.click();
    expect(handler).not.toHaveBeenCalled();
    expect(wanted).toEqual([]);
    document.documentElement.setAttribute(shellLiveAttribute, '');
    input.replay();
    expect(handler).toHaveBeenCalledTimes(1);
    menu.click();
    expect(handler).toHaveBeenCalledTimes(2);
  });

  it('lets links navigate and fields take typing as usual', () => {
    const { home, field } = page();
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    home.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(false);
    const focus = new MouseEvent('click', { bubbles: true, cancelable: true });
    field.dispatchEvent(focus);
    expect(focus.defaultPrevented).toBe(false);
    expect(input.held()).toBe(0);
  });

  it('holds a form’s submission, whether by its button or by the form, and sends it once when live', () => {
    const { form, send, slot } = page();
    const submitted = vi.fn((event: Event) => event.preventDefault());
    form.addEventListener('submit', submitted);
    send.click();
    form.requestSubmit();
    send.click();
    expect(submitted).not.toHaveBeenCalled();
    expect(input.held()).toBe(1);
    slot.setAttribute(slotLiveAttribute, '');
    input.replay();
    expect(submitted).toHaveBeenCalledTimes(1);
  });

  it('treats the shell’s notice inside a slot whose code cannot load as the shell’s: its Retry is not held', () => {
    const { slot } = page();
    slot.insertAdjacentHTML('beforeend', `<p ${slotNoticeAttribute}><button id="retry">Try now</button></p>`);
    const retry = document.getElementById('retry') as HTMLButtonElement;
    const handler = vi.fn();
    retry.addEventListener('click', handler);
    document.documentElement.setAttribute(shellLiveAttribute, '');
    retry.click();
    expect(handler).toHaveBeenCalledTimes(1);
    expect(wanted).toEqual([]);
    expect(input.held()).toBe(0);
  });

  it('drops what was held for an element that is gone', () => {
    const { faq, slot } = page();
    faq.click();
    faq.remove();
    slot.setAttribute(slotLiveAttribute, '');
    input.replay();
    expect(input.held()).toBe(0);
  });
});
