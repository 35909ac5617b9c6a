import { type RefObject, useEffect } from 'react';

const focusableSelector =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * While active: moves focus into the container, keeps Tab and Shift+Tab inside it, and calls onEscape on
 * Escape. When it ends, focus returns to the element that had it before (the menu toggle), or, when focus was
 * already inside (the page loader opened the menu before the shell was live), to the element that controls it.
 */
export function useFocusTrap(
  container: RefObject<HTMLElement | null>,
  active: boolean,
  onEscape: () => void,
) {
  useEffect(() => {
    const root = container.current;
    if (!active || !root) return;
    const focused = document.activeElement as HTMLElement | null;
    const previouslyFocused =
      focused && root.contains(focused)
        ? document.querySelector<HTMLElement>(`[aria-controls="${root.id}"]`)
        : focused;
    const focusables = () => Array.from(root.querySelectorAll<HTMLElement>(focusableSelector));
    focusables()[0]?.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onEscape();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusables();
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) return;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      previouslyFocused?.focus();
    };
  }, [container, active, onEscape]);
}
