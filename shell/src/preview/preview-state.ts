/**
 * Whether this browser is in a preview (a signed link it opened: federation/preview.ts). The static host checks
 * the link and serves this browser the preview's pages and remote map; the shell reads the same cookie only to
 * show the banner, to send no health beacons (a canary's counts must come from visitors, never from a team
 * looking at its own version) and to keep the preview's map out of the last good map.
 */
import { type PreviewClaim, previewClaimIn } from 'federation/preview';

export function currentPreview(): PreviewClaim | undefined {
  if (typeof document === 'undefined') return undefined;
  try {
    return previewClaimIn(document.cookie);
  } catch {
    return undefined;
  }
}

export const inPreview = () => currentPreview() !== undefined;
