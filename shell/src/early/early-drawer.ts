/**
 * The mobile menu before the shell is live. Its panel is in the prerendered page, closed; the shell's code that
 * opens it arrives a second or more after the first paint on a slow phone, and a visitor who taps the menu
 * button meanwhile should see the menu at once, not when the code has come. So, until the shell is live, the
 * page loader opens and closes the panel itself, with the same attributes the shell's MobileDrawer sets
 * (data-open, inert, the button's aria-expanded), a backdrop of its own outside the shell's root, and the focus
 * where the shell puts it; Escape, the close button and the backdrop close it. Once hydrated, the shell's Header
 * takes the menu over (the page loader's takeOverDrawer): this stops, and the menu stays as the visitor left it.
 *
 * Why by hand: this runs before any of the site's code, in the few kilobytes the page carries inline.
 */
import { backdropColor, zIndex } from 'shared-content/tokens';
import { drawerCloseAttribute, drawerId, earlyBackdropAttribute, shellLiveAttribute } from './protocol.ts';

export interface EarlyDrawer {
  /** Stops, removes the backdrop it drew (the shell draws its own), and says whether the menu is open. */
  takeOver(): boolean;
}

const toggleSelector = `[aria-controls="${drawerId}"]`;

function parts(document: Document) {
  const panel = document.getElementById(drawerId);
  const toggle = document.querySelector<HTMLElement>(toggleSelector);
  return panel && toggle ? { panel, toggle } : null;
}

const isOpen = (document: Document) =>
  document.getElementById(drawerId)?.getAttribute('data-open') === 'true';

function setOpen(document: Document, open: boolean) {
  const found = parts(document);
  if (!found) return;
  const { panel, toggle } = found;
  panel.setAttribute('data-open', String(open));
  panel.toggleAttribute('inert', !open);
  toggle.setAttribute('aria-expanded', String(open));
  document.querySelector(`[${earlyBackdropAttribute}]`)?.remove();
  if (open) {
    const backdrop = document.createElement('div');
    backdrop.setAttribute(earlyBackdropAttribute, '');
    backdrop.setAttribute('aria-hidden', 'true');
    // Just below the header: the panel lives in the header's stacking context (the header's layer), so a layer
    // above the header would dim the menu too. The header's bar stays undimmed until the shell's backdrop.
    backdrop.style.cssText = `position:fixed;inset:0;z-index:${zIndex.header - 1};background:${backdropColor}`;
    document.body.append(backdrop);
    panel.querySelector<HTMLElement>(`[${drawerCloseAttribute}]`)?.focus();
  } else toggle.focus();
}

/** Opens and closes the menu on the visitor's taps and keys until the shell is live. */
export function openDrawerEarly(target: Window): EarlyDrawer {
  const { document } = target;
  const live = () => document.documentElement.hasAttribute(shellLiveAttribute);

  const onClick = (event: MouseEvent) => {
    if (live() || !(event.target instanceof Element)) return;
    const open = isOpen(document);
    const opens = !open && event.target.closest(toggleSelector);
    const closes =
      open &&
      (event.target.closest(`[${earlyBackdropAttribute}]`) ||
        event.target.closest(`[${drawerCloseAttribute}]`) ||
        event.target.closest(toggleSelector));
    if (!opens && !closes) return;
    // Handled here, so the early input (early-input.ts) does not also hold it for the shell to replay.
    event.preventDefault();
    event.stopImmediatePropagation();
    setOpen(document, Boolean(opens));
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (live() || event.key !== 'Escape' || !isOpen(document)) return;
    event.preventDefault();
    setOpen(document, false);
  };

  target.addEventListener('click', onClick, true);
  target.addEventListener('keydown', onKeyDown, true);
  return {
    takeOver() {
      target.removeEventListener('click', onClick, true);
      target.removeEventListener('keydown', onKeyDown, true);
      document.querySelector(`[${earlyBackdropAttribute}]`)?.remove();
      return isOpen(document);
    },
  };
}
