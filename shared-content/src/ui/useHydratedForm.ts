import { type RefObject, useEffect, useRef, useSyncExternalStore } from 'react';

const neverChanges = () => () => {};

/**
 * False while the page is prerendered or hydrating, true from then on. During hydration React renders with the
 * server's value (false) first, so the HTML and the first render agree.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}

/**
 * A form in a prerendered page can be typed into before its scripts have run. This keeps that typing:
 * - `canSubmit` is false until hydrated, so the submit button is disabled and the browser never submits the
 *   form natively (which would reload the page and put the fields into the URL);
 * - once hydrated, whatever the visitor already typed into a named field is handed to `adopt`, so the form's
 *   state holds what the fields show.
 */
export function useHydratedForm(adopt: (name: string, value: string) => void): {
  formRef: RefObject<HTMLFormElement | null>;
  canSubmit: boolean;
} {
  const formRef = useRef<HTMLFormElement>(null);
  const canSubmit = useHydrated();
  const adoptRef = useRef(adopt);
  adoptRef.current = adopt;
  useEffect(() => {
    for (const element of Array.from(formRef.current?.elements ?? [])) {
      const field = element as HTMLInputElement;
      if (!field.name || field.type === 'hidden' || field.type === 'submit') continue;
      // The DOM's default value is what the page was rendered with; anything else the visitor typed.
      const rendered =
        field instanceof HTMLSelectElement
          ? (field.querySelector('option[selected]')?.getAttribute('value') ?? '')
          : field.defaultValue;
      if (field.value !== rendered) adoptRef.current(field.name, field.value);
    }
  }, []);
  return { formRef, canSubmit };
}
