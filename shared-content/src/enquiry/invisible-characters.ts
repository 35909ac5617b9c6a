/**
 * Characters that change how text looks without being seen, and broken UTF-16. Checked by code point rather
 * than by a regular expression full of escapes; browser-safe (no zod), so a form can use the same checks.
 *
 * - Bidi controls reorder what is shown: "Invoice \u202Egnp.exe" reads as "Invoice exe.png" in a mail client.
 * - Zero-width characters hide inside a word, so two names that look the same are not the same.
 * - A lone surrogate is half a character: it cannot be encoded as UTF-8, so it must never reach the database.
 */
const bidiControls = new Set([
  0x061c, // ARABIC LETTER MARK
  0x200e, // LEFT-TO-RIGHT MARK
  0x200f, // RIGHT-TO-LEFT MARK
  0x202a, // LEFT-TO-RIGHT EMBEDDING
  0x202b, // RIGHT-TO-LEFT EMBEDDING
  0x202c, // POP DIRECTIONAL FORMATTING
  0x202d, // LEFT-TO-RIGHT OVERRIDE
  0x202e, // RIGHT-TO-LEFT OVERRIDE
  0x2066, // LEFT-TO-RIGHT ISOLATE
  0x2067, // RIGHT-TO-LEFT ISOLATE
  0x2068, // FIRST STRONG ISOLATE
  0x2069, // POP DIRECTIONAL ISOLATE
]);

const zeroWidth = new Set([
  0x200b, // ZERO WIDTH SPACE
  0x200c, // ZERO WIDTH NON-JOINER
  0x200d, // ZERO WIDTH JOINER
  0x2060, // WORD JOINER
  0xfeff, // ZERO WIDTH NO-BREAK SPACE (byte order mark)
]);

/** True when `text` has a bidi control or a zero-width character (never allowed in a one-line field). */
export function hasInvisibleFormatting(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (bidiControls.has(code) || zeroWidth.has(code)) return true;
  }
  return false;
}

/** True when `text` has a high surrogate without its low half, or a low one without its high half. */
export function hasLoneSurrogate(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(index + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return true;
      index += 1;
    } else if (code >= 0xdc00 && code <= 0xdfff) {
      return true;
    }
  }
  return false;
}
