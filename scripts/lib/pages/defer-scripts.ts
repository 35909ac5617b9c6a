/**
 * A prerendered page holds its content: its scripts only hydrate it. So the shell's entry script and every
 * script, style and fetch preload leave the page's head for a JSON block (never executed, so the CSP holds),
 * and the shell's page loader (shell/src/early/, a small script of its own) adds them back: the shell's once
 * the content has been painted, a remote slot's once that slot is wanted. None competes with what the visitor
 * sees first: the HTML, its font and its images.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { DeferredHint, DeferredPlan } from 'shell/early-protocol';

export type DeferredScripts = DeferredPlan;

/** The page loader's URL in a deployed shell (a content-hashed file, so it is cached for good). */
export function pageLoaderScript(deploy: string): string | null {
  const dir = join(deploy, 'shell', 'static', 'js');
  if (!existsSync(dir)) return null;
  const file = readdirSync(dir).find((name) => /^page-loader\.[0-9a-f]+\.js$/.test(name));
  return file ? `/static/js/${file}` : null;
}

const decodeAttribute = (value: string) => value.replace(/&quot;/g, '"').replace(/&amp;/g, '&');

const attribute = (tag: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1];

/** Which remote or slots a preloaded file belongs to (preload.ts knows; the shell's own files belong to none). */
export type HintOwners = ReadonlyMap<string, Pick<DeferredHint, 'remote' | 'slots'>>;

/**
 * Moves the head's entry scripts and code preloads into the deferred list, each preload with the remote or
 * slots it belongs to; the font preload stays. The loader runs async, as soon as it arrives, so that it holds
 * a visitor's early taps.
 */
export function deferScripts(html: string, loader: string, owners: HintOwners = new Map()): string {
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
    const integrity = attribute(tag, 'integrity');
    const { remote, slots } = owners.get(decodeAttribute(href)) ?? {};
    plan.preload.push({
      href,
      as,
      ...(/\bcrossorigin\b/.test(tag) ? { crossorigin: true } : {}),
      ...(type ? { type } : {}),
      ...(integrity ? { integrity } : {}),
      ...(remote ? { remote } : {}),
      ...(slots ? { slots } : {}),
    });
    return '';
  });
  if (plan.scripts.length === 0) return html;
  // "<" escaped: the JSON cannot close its <script> element, whatever a URL holds.
  const json = JSON.stringify(plan).replace(/</g, '\\u003c');
  const block =
    `<script type="application/json" id="deferred-scripts">${json}</script>` +
    `<script async src="${loader}"></script>`;
  return `${head}${block}${html.slice(headEnd)}`;
}

/** The deferred list of a page written by deferScripts (for tests and diagnostics). */
export function readDeferredScripts(html: string): DeferredScripts | null {
  const json = /<script type="application\/json" id="deferred-scripts">([\s\S]*?)<\/script>/.exec(html)?.[1];
  return json ? (JSON.parse(json) as DeferredScripts) : null;
}
