import { useEffect } from 'react';

/**
 * Marks the document once React has taken over the page (hydrated the prerendered HTML, or rendered it):
 * <html data-interactive>. Until then a prerendered page shows everything but its buttons do nothing; the
 * mark lets anything that needs the live page (the e2e suite) wait for exactly that moment.
 */
export function InteractiveMark() {
  useEffect(() => {
    document.documentElement.setAttribute('data-interactive', '');
  }, []);
  return null;
}
