/**
 * Small SVGs (under Rsbuild's 4 kB limit) are inlined where they are used, as data URIs. Rspack writes them in
 * base64, which hides the markup from brotli: the home page, which carries the client logos four times for
 * its looping strip and four avatars, was 1 kB larger over the wire than with the same images as text. This
 * writes them as text, percent-encoding only what a URL or an HTML attribute cannot hold as is: a valid URL, so
 * the pages validate (e2e/tests/quality/html-validity.spec.ts).
 */
import type { RsbuildPlugin } from '@rsbuild/core';

/**
 * Characters left as they are: printable ASCII but for what is special in a URL, in HTML or to encoding, and
 * the space, which a URL cannot hold either (browsers forgive it; the HTML standard's validators do not). Spaces
 * as %20 cost the home page about 140 bytes over brotli, base64 about 1 kB.
 */
const needsEncoding = /[^\x21-\x7e]|["%#<>?[\\\]^`{|}&]/gu;

export function svgDataUri(svg: string): string {
  // Runs of whitespace mean nothing more than one space in SVG markup as it is drawn.
  const text = svg.trim().replace(/\s+/g, ' ');
  return `data:image/svg+xml,${text.replace(needsEncoding, (char) => encodeURIComponent(char))}`;
}

/** Inlined SVGs as text in every environment, so the prerendered HTML and the browser's render agree. */
export function pluginSvgTextDataUri(): RsbuildPlugin {
  return {
    name: 'agency-svg-text-data-uri',
    setup(api) {
      api.modifyBundlerChain((chain, { CHAIN_ID }) => {
        const inlineOrFile = chain.module.rule(CHAIN_ID.RULE.SVG).oneOf(CHAIN_ID.ONE_OF.SVG_ASSET);
        inlineOrFile.generator({
          ...inlineOrFile.get('generator'),
          dataUrl: (content: Buffer) => svgDataUri(content.toString('utf8')),
        });
      });
    },
  };
}
