/** A few string builders for SVG markup: enough for flat mock-up drawings, nothing more. */

type AttributeValue = string | number | undefined;
export type Attributes = Record<string, AttributeValue>;

export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Rounds to one decimal so the files stay small and byte-stable. */
const formatNumber = (value: number) => String(Math.round(value * 10) / 10);

function attributes(attrs: Attributes): string {
  return Object.entries(attrs)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => {
      const text = typeof value === 'number' ? formatNumber(value) : escapeXml(value as string);
      return ` ${name}="${text}"`;
    })
    .join('');
}

export function el(name: string, attrs: Attributes, ...children: string[]): string {
  const inner = children.join('');
  return inner ? `<${name}${attributes(attrs)}>${inner}</${name}>` : `<${name}${attributes(attrs)}/>`;
}

export function rect(
  x: number,
  y: number,
  width: number,
  height: number,
  fill: string,
  extra: Attributes = {},
) {
  return el('rect', { x, y, width, height, fill, ...extra });
}

export function rounded(
  x: number,
  y: number,
  width: number,
  height: number,
  radius: number,
  fill: string,
  extra: Attributes = {},
) {
  return el('rect', { x, y, width, height, rx: radius, fill, ...extra });
}

export function circle(cx: number, cy: number, r: number, fill: string, extra: Attributes = {}) {
  return el('circle', { cx, cy, r, fill, ...extra });
}

export function path(d: string, fill: string, extra: Attributes = {}) {
  return el('path', { d, fill, ...extra });
}

export const fontStack = "Inter, 'Segoe UI', Roboto, 'Noto Sans', Arial, sans-serif";

export function text(
  x: number,
  y: number,
  content: string,
  { size, fill, weight = 600, anchor }: { size: number; fill: string; weight?: number; anchor?: string },
) {
  return `<text${attributes({
    x,
    y,
    fill,
    'font-size': size,
    'font-weight': weight,
    'font-family': fontStack,
    'text-anchor': anchor,
  })}>${escapeXml(content)}</text>`;
}

/** A "line of text" drawn as a pill: mock-ups show the rhythm of copy, not the copy. */
export function textLine(x: number, y: number, width: number, fill: string, height = 6) {
  return rounded(x, y, width, height, height / 2, fill);
}

export function group(attrs: Attributes, ...children: string[]) {
  return el('g', attrs, ...children);
}
