/**
 * Control characters (C0, DEL, C1) and the Unicode line and paragraph separators: invisible, and in a mail
 * header a line break would start a new header. Checked by code point rather than by a regular expression
 * full of control-character escapes.
 */
function isControl(code: number): boolean {
  return code <= 0x1f || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029;
}

const lineBreaksAndTab = new Set([0x09, 0x0a, 0x0d]);

/** True when `text` has a control character; with `allowLineBreaks`, tab, CR and LF are allowed. */
export function hasControlCharacters(text: string, allowLineBreaks = false): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (isControl(code) && !(allowLineBreaks && lineBreaksAndTab.has(code))) return true;
  }
  return false;
}

/** Replaces every control character with `replacement` (for log lines and mail headers). */
export function replaceControlCharacters(text: string, replacement: string): string {
  let result = '';
  for (const character of text) {
    result += isControl(character.charCodeAt(0)) ? replacement : character;
  }
  return result;
}
