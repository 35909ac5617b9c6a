import { useHydrated } from 'shared-content/ui';

/**
 * Today, for a legal page's "Last updated". The page is prerendered when the site is released and may be
 * hydrated days later, so while hydrating this is null (the prerendered date stays on screen: LegalDocument
 * suppresses that one mismatch) and right after it is the visitor's today. In Node it is the day of rendering.
 */
export function useToday(): Date | null {
  const hydrated = useHydrated();
  return !hydrated && typeof document !== 'undefined' ? null : new Date();
}
