/**
 * A prerendered page holds its content: its scripts only hydrate it. So the shell's entry script and every
 * script, style and fetch preload leave the page's head for a JSON block (never executed), and the shell's
 * page loader (shell/src/early/, a small script of its own, written inline) adds them back: the shell's once
 * the content has been painted, a remote slot's once that slot is wanted. None competes with what the visitor
 * sees first: the HTML, its font and its images.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type DeferredHint, type DeferredPlan, deferredPlanId, type IconLink } from 'shell/early-protocol';
import { type HeadElement, inlineScript, jsonScript } from './html.ts';

export type DeferredScripts = DeferredPlan;

/**
 * The page loader's code in a deployed shell, which every prerendered page carries inline: it then holds a
 * visitor's taps from the first paint on, with no request of its own before it runs (on a phone over 4G that
 * request was a round trip the first paint and the largest one waited for). The Content-Security-Policy allows
 * exactly this code by its hash (deploy-folder/inline-scripts.ts).
 */
export function pageLoaderSource(deploy: string): string | null {
  const dir = join(deploy, 'shell', 'static', 'js');
  if (!existsSync(dir)) return null;
  const file = readdirSync(dir).find((name) => /^page-loader\.[0-9a-f]+\.js$/.test(name));
  return file ? readFileSync(join(dir, file), 'utf8') : null;
}

/** The shell's built index.html, split where the page generator writes: its head, and the rest from </head>. */
export interface ShellDocument {
  /** The head as built, without its <title> (the route's takes its place). */
  head: string;
  /** The same head without the entry scripts and code preloads, which `deferred` holds in order. */
  headWithoutScripts: string;
  deferred: DeferredPlan;
  rest: string;
}

const attribute = (tag: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1];

/**
 * Reads the shell's build output, the only markup the page generator reads rather than writes: its entry
 * scripts, code preloads and tab icons (Rsbuild writes them), which a prerendered page hands to the page
 * loader. Data blocks and a font preload stay in the head.
 */
export function readShellDocument(indexHtml: string): ShellDocument {
  const headEnd = indexHtml.indexOf('</head>');
  if (headEnd === -1) throw new Error('The shell’s index.html has no </head>');
  const head = indexHtml.slice(0, headEnd).replace(/<title>[\s\S]*?<\/title>/, '');
  const deferred: DeferredPlan = { scripts: [], preload: [] };
  const icons: IconLink[] = [];
  const headWithoutScripts = head
    .replace(/<script\b[^>]*\bsrc="([^"]+)"[^>]*><\/script>/g, (tag, src: string) => {
      if (/\btype="application\/(ld\+)?json"/.test(tag)) return tag;
      deferred.scripts.push(src);
      return '';
    })
    .replace(/<link\b[^>]*\brel="preload"[^>]*>/g, (tag) => {
      const hint = buildPreload(tag);
      if (!hint) return tag;
      deferred.preload.push(hint);
      return '';
    })
    .replace(/<link\b[^>]*\brel="icon"[^>]*>/g, (tag) => {
      const icon = buildIcon(tag);
      // The same icon twice (the template's and the build's own) is fetched once.
      if (icon && !icons.some((known) => known.href === icon.href)) icons.push(icon);
      return icon ? '' : tag;
    });
  if (icons.length > 0) deferred.icons = icons;
  return { head, headWithoutScripts, deferred, rest: indexHtml.slice(headEnd) };
}

/** A tab icon the build wrote, as the deferred plan holds it (null for a tag without an href). */
function buildIcon(tag: string): IconLink | null {
  const href = attribute(tag, 'href');
  if (!href) return null;
  const type = attribute(tag, 'type');
  const sizes = attribute(tag, 'sizes');
  return { href: href.replace(/&amp;/g, '&'), ...(type ? { type } : {}), ...(sizes ? { sizes } : {}) };
}

/** A preload the build wrote, as the deferred plan holds it (null for one that stays in the head: a font). */
function buildPreload(tag: string): DeferredHint | null {
  const as = attribute(tag, 'as');
  const href = attribute(tag, 'href');
  if (!href || !as || !['script', 'style', 'fetch'].includes(as)) return null;
  const type = attribute(tag, 'type');
  const integrity = attribute(tag, 'integrity');
  return {
    href: href.replace(/&quot;/g, '"').replace(/&amp;/g, '&'),
    as,
    ...(/\bcrossorigin\b/.test(tag) ? { crossorigin: true } : {}),
    ...(type ? { type } : {}),
    ...(integrity ? { integrity } : {}),
  };
}

/**
 * What a prerendered page's head ends with instead of its scripts: the deferred plan as a data block, and the
 * page loader's code, which runs as the head is parsed (it reads the plan above it, and waits for the body
 * itself), so that it holds a visitor's early taps.
 */
export function deferredPlanElements(plan: DeferredPlan, loaderSource: string): HeadElement[] {
  return [jsonScript('application/json', plan, { id: deferredPlanId }), inlineScript(loaderSource)];
}

/** The deferred list of a page written with deferredPlanElements (for tests and diagnostics). */
export function readDeferredScripts(html: string): DeferredScripts | null {
  const json = /<script type="application\/json" id="deferred-scripts">([\s\S]*?)<\/script>/.exec(html)?.[1];
  return json ? (JSON.parse(json) as DeferredScripts) : null;
}
