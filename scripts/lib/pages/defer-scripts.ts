/**
 * A prerendered page holds its content: its scripts only hydrate it. So the shell's entry script and every
 * script, style and fetch preload leave the page's head for a JSON block (never executed, so the CSP holds),
 * and the shell's small after-first-paint.js adds them back once the content has been painted. Downloads still
 * run in parallel, but none competes with what the visitor sees first: the HTML, its font and its images.
 */

/** The loader the page keeps, from the shell's public files. */
export const deferredScriptsLoader = '/after-first-paint.js';

export interface DeferredScripts {
  scripts: string[];
  preload: Array<{ href: string; as: string; crossorigin?: true; type?: string }>;
}

const attribute = (tag: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1];

/** Moves the head's entry scripts and code preloads into the deferred list; the font preload stays. */
export function deferScripts(html: string): string {
  const headEnd = html.indexOf('</head>');
  if (headEnd === -1) throw new Error('The page has no </head>');
  const plan: DeferredScripts = { scripts: [], preload: [] };
  let head = html.slice(0, headEnd);
  head = head.replace(/<script\b[^>]*\bsrc="([^"]+)"[^>]*><\/script>/g, (tag, src: string) => {
    if (/\btype="application\/(ld\+)?json"/.test(tag)) return tag;
    plan.scripts.push(src);
    return '';
  });
  head = head.replace(/<link\b[^>]*\brel="preload"[^>]*>/g, (tag) => {
    const as = attribute(tag, 'as');
    const href = attribute(tag, 'href');
    if (!href || !as || !['script', 'style', 'fetch'].includes(as)) return tag;
    const type = attribute(tag, 'type');
    plan.preload.push({
      href,
      as,
      ...(/\bcrossorigin\b/.test(tag) ? { crossorigin: true } : {}),
      ...(type ? { type } : {}),
    });
    return '';
  });
  if (plan.scripts.length === 0) return html;
  // "<" escaped: the JSON cannot close its <script> element, whatever a URL holds.
  const json = JSON.stringify(plan).replace(/</g, '\\u003c');
  const block =
    `<script type="application/json" id="deferred-scripts">${json}</script>` +
    `<script defer src="${deferredScriptsLoader}"></script>`;
  return `${head}${block}${html.slice(headEnd)}`;
}

/** The deferred list of a page written by deferScripts (for tests and diagnostics). */
export function readDeferredScripts(html: string): DeferredScripts | null {
  const json = /<script type="application\/json" id="deferred-scripts">([\s\S]*?)<\/script>/.exec(html)?.[1];
  return json ? (JSON.parse(json) as DeferredScripts) : null;
}
