import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type EarlyDrawer, openDrawerEarly } from './early-drawer.ts';
import { type EarlyInput, holdEarlyInput } from './early-input.ts';
import { drawerCloseAttribute, drawerId, earlyBackdropAttribute, shellLiveAttribute } from './protocol.ts';

/** A page as prerendered: the header's menu button, the menu closed (as MobileDrawer renders it), a link. */
function page() {
  document.documentElement.removeAttribute(shellLiveAttribute);
  document.body.innerHTML = `
    <header>
      <button id="toggle" type="button" aria-expanded="false" aria-controls="${drawerId}">Open menu</button>
      <div id="${drawerId}" role="dialog" data-open="false" inert>
        <button id="close" type="button" ${drawerCloseAttribute}>×</button>
        <a id="services" href="#services">Services</a>
      </div>
    </header>`;
  const element = (id: string) => document.getElementById(id) as HTMLElement;
  return { toggle: element('toggle'), panel: element(drawerId), close: element('close') };
}

const backdrop = () => document.querySelector<HTMLElement>(`[${earlyBackdropAttribute}]`);

describe('the menu before the shell is live', () => {
  let drawer: EarlyDrawer;
  let input: EarlyInput;
  beforeEach(() => {
    // In the loader's order: the drawer first, then the input it holds for the shell.
    drawer = openDrawerEarly(window);
    input = holdEarlyInput(window, { onSlotWanted: () => undefined });
  });
  afterEach(() => {
    drawer.takeOver();
    input.stop();
  });

  it('opens at once on a tap of the menu button, as the shell would, and holds nothing for the shell', () => {
    const { toggle, panel, close } = page();
    toggle.click();
    expect(panel).toHaveAttribute('data-open', 'true');
    expect(panel).not.toHaveAttribute('inert');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(backdrop()).not.toBeNull();
    expect(close).toHaveFocus();
    expect(input.held()).toBe(0);
  });

  it('closes on the close button, the backdrop or Escape, focus back on the menu button', () => {
    const { toggle, panel, close } = page();
    const closers: Array<() => void> = [
      () => close.click(),
      () => backdrop()?.click(),
      () => document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })),
    ];
    for (const closeIt of closers) {
      toggle.click();
      expect(panel).toHaveAttribute('data-open', 'true');
      closeIt();
      expect(panel).toHaveAttribute('data-open', 'false');
      expect(panel).toHaveAttribute('inert');
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      expect(backdrop()).toBeNull();
      expect(toggle).toHaveFocus();
    }
    expect(input.held()).toBe(0);
  });

  it('leaves the menu to the shell once it is live: a tap is the shell’s', () => {
    const { toggle, panel } = page();
    document.documentElement.setAttribute(shellLiveAttribute, '');
    toggle.click();
    expect(panel).toHaveAttribute('data-open', 'false');
    expect(backdrop()).toBeNull();
  });

  it('is taken over by the shell: says whether the menu is open, removes its backdrop, and stops', () => {
    const { toggle, panel } = page();
    toggle.click();
    expect(drawer.takeOver()).toBe(true);
    expect(backdrop()).toBeNull();
    // The attributes stay for the shell, which now owns them.
    expect(panel).toHaveAttribute('data-open', 'true');
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(panel).toHaveAttribute('data-open', 'true');
  });

  it('is taken over closed when the visitor did not open it, and its later taps go to the early input', () => {
    const { toggle, panel } = page();
    expect(drawer.takeOver()).toBe(false);
    toggle.click();
    expect(panel).toHaveAttribute('data-open', 'false');
    // Not live yet: held for the shell to perform, as before the loader handled the menu.
    expect(input.held()).toBe(1);
  });
});
