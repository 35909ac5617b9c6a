/**
 * Input that arrives before the part of the page it is meant for is live. A prerendered page shows its buttons
 * long before their code has run; a tap on one would otherwise do nothing, and the visitor who tapped once sees
 * no result after the page is ready. So, until a part is live, its button activations (a tap, a click, Enter
 * or Space, which the browser turns into a click) and form submissions are held here and performed once the
 * part is live. Links are left alone (they navigate without any script), and so are fields: typing goes into
 * the field as usual and the form adopts it when it hydrates (shared-content's useHydratedForm).
 */
import { keepsPrerenderedHtml } from './kept-html.ts';
import { shellLiveAttribute, slotAttribute, slotLiveAttribute, slotNoticeAttribute } from './protocol.ts';

/** The controls whose activation needs the page's code. */
const activators = 'button, [role="button"], input[type="submit"], input[type="button"]';

type Held =
  | { kind: 'activate'; control: HTMLElement; key: Element }
  | { kind: 'submit'; form: HTMLFormElement; key: Element };

export interface EarlyInputOptions {
  /** Called when input reaches a slot that is not live, with the slot ("remote/Module"). */
  onSlotWanted: (slot: string) => void;
}

/**
 * The slot element a node belongs to, or null for the shell's own parts (header, footer, and the notice it
 * shows inside a slot whose code cannot load yet).
 */
export const slotElementOf = (node: Element): Element | null =>
  node.closest(`[${slotNoticeAttribute}]`) ? null : node.closest(`[${slotAttribute}]`);

/** Whether the part of the page an element belongs to answers input yet. */
export function isLive(element: Element): boolean {
  const slot = slotElementOf(element);
  // A section that needs no code has nothing to hold: its links navigate as they are.
  if (slot) return slot.hasAttribute(slotLiveAttribute) || keepsPrerenderedHtml(slot);
  return element.ownerDocument.documentElement.hasAttribute(shellLiveAttribute);
}

export interface EarlyInput {
  /** Performs, in the order they came, the held input of every part that is live now. */
  replay(): void;
  /** How many inputs are held (for tests and diagnostics). */
  held(): number;
  stop(): void;
}

export function holdEarlyInput(target: Window, { onSlotWanted }: EarlyInputOptions): EarlyInput {
  const queue: Held[] = [];

  const hold = (entry: Held) => {
    // A second tap on the same control (or a second submit of the same form) while waiting is the visitor
    // asking again because nothing happened; performing it twice would undo a toggle or send a form twice.
    if (!queue.some((held) => held.key === entry.key)) queue.push(entry);
    const slot = slotElementOf(entry.key);
    const name = slot?.getAttribute(slotAttribute);
    if (name) onSlotWanted(name);
  };

  const onClick = (event: MouseEvent) => {
    const origin = event.target instanceof Element ? event.target : null;
    const control = origin?.closest<HTMLElement>(activators);
    if (!control || control.closest('a[href]') || isLive(control)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    const form = submitterForm(control);
    hold({ kind: 'activate', control, key: form ?? control });
  };

  const onSubmit = (event: SubmitEvent) => {
    const form = event.target instanceof HTMLFormElement ? event.target : null;
    if (!form || isLive(form)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    hold({ kind: 'submit', form, key: form });
  };

  target.addEventListener('click', onClick, true);
  target.addEventListener('submit', onSubmit, true);

  return {
    replay() {
      for (const entry of [...queue]) {
        const element = entry.kind === 'activate' ? entry.control : entry.form;
        if (!element.isConnected) {
          queue.splice(queue.indexOf(entry), 1);
          continue;
        }
        if (!isLive(element)) continue;
        queue.splice(queue.indexOf(entry), 1);
        if (entry.kind === 'activate') entry.control.click();
        else entry.form.requestSubmit();
      }
    },
    held: () => queue.length,
    stop() {
      target.removeEventListener('click', onClick, true);
      target.removeEventListener('submit', onSubmit, true);
    },
  };
}

/** The form a control submits, if it is a submit button. */
function submitterForm(control: HTMLElement): HTMLFormElement | null {
  if (control instanceof HTMLButtonElement || control instanceof HTMLInputElement) {
    return control.type === 'submit' ? control.form : null;
  }
  return null;
}
