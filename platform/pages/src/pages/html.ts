/**
 * The one place the page generator turns text into markup. Every value the pages, the sitemap and the social
 * image carry goes through escapeHtml (text and attribute values alike, which also makes it right for XML),
 * and head elements are described as data (HeadElement) and written by renderElement, never assembled as
 * strings elsewhere.
 */

/**
 * Text or an attribute value as markup: the characters that could end or open markup are written as entities.
 * Attribute values are always written in double quotes, so an apostrophe may stay as it is.
 */
export const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Attribute values in the order they are written; `true` writes a bare boolean attribute (crossorigin). */
export type Attributes = Readonly<Record<string, string | true | undefined>>;

/** One element of a page's head. */
export interface HeadElement {
  tag: 'title' | 'meta' | 'link' | 'style' | 'script';
  attributes?: Attributes;
  /** Text content, escaped when written. */
  text?: string;
  /** Content that is not text (CSS, JSON data), already made safe by its constructor below. */
  data?: string;
}

const voidTags = new Set<HeadElement['tag']>(['meta', 'link']);

function attributeMarkup(attributes: Attributes = {}): string {
  return Object.entries(attributes)
    .map(([name, value]) => {
      if (value === undefined) return '';
      return value === true ? ` ${name}` : ` ${name}="${escapeHtml(value)}"`;
    })
    .join('');
}

export function renderElement({ tag, attributes, text, data }: HeadElement): string {
  const open = `<${tag}${attributeMarkup(attributes)}`;
  if (voidTags.has(tag)) return `${open} />`;
  return `${open}>${text === undefined ? (data ?? '') : escapeHtml(text)}</${tag}>`;
}

/**
 * A data block: JSON in a <script> that is never executed (so the Content-Security-Policy does not apply).
 * Every "<" is escaped, so nothing in the data can close the element or open a comment.
 */
export function jsonScript(type: string, value: unknown, attributes: Attributes = {}): HeadElement {
  return {
    tag: 'script',
    attributes: { type, ...attributes },
    data: JSON.stringify(value).replace(/</g, '\\u003c'),
  };
}

/**
 * A script written into the page, run as the page is parsed. Its code goes in exactly as given, since the
 * Content-Security-Policy allows it by the hash of those bytes: code that could close the element or open an
 * HTML comment inside it is refused rather than altered.
 */
export function inlineScript(code: string): HeadElement {
  if (/<\/script|<!--/i.test(code)) {
    throw new Error(
      'An inline script may not contain "</script" or "<!--": it would end or break its element',
    );
  }
  return { tag: 'script', data: code };
}

/** A <style> element; a "</style" in the CSS is dropped, so the CSS cannot close it. */
export function styleElement(css: string, attributes: Attributes = {}): HeadElement {
  return { tag: 'style', attributes, data: css.replace(/<\/style/gi, '') };
}
