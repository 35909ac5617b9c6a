/**
 * Marks a submit button that is disabled only until its form is live. A prerendered form cannot be sent by its
 * own code yet, and the browser would otherwise submit it natively (a reload, the fields in the URL), so the
 * HTML has the button disabled. The shell's page loader, which runs first, enables marked buttons and holds a
 * submit until the form is live, then sends it once (shell/src/early/). With JavaScript off they stay disabled.
 */
export const earlySubmitAttribute = 'data-early-submit';

/** Spread onto the submit button: `<button type="submit" {...earlySubmitMarker} disabled={...}>`. */
export const earlySubmitMarker = { [earlySubmitAttribute]: '' } as const;
