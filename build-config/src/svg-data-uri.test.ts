import { describe, expect, it } from 'vitest';
import { svgDataUri } from './svg-data-uri.ts';

const prefix = 'data:image/svg+xml,';
const decoded = (uri: string) => decodeURIComponent(uri.slice(prefix.length));

describe('svgDataUri', () => {
  it('writes the markup as text that decodes back to it, with runs of whitespace as one space', () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="64">\n  <rect   fill="#0f172a"/>\n</svg>\n';
    const uri = svgDataUri(svg);
    expect(uri.startsWith(prefix)).toBe(true);
    expect(decoded(uri)).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" width="64"> <rect fill="#0f172a"/> </svg>',
    );
    // Readable, so brotli finds the repeats: words and attribute names stay as they are.
    expect(uri).toContain('svg%20xmlns=%22http://www.w3.org/2000/svg%22%20width=%2264%22');
  });

  it('encodes what a URL or an HTML attribute cannot hold as is, and any non-ASCII character', () => {
    const uri = svgDataUri('<svg><text>50% off & #1 "best" ₹15,000 😀 {x} a?b</text></svg>');
    const unencoded = uri.slice(prefix.length).replace(/%[0-9A-F]{2}/g, '');
    expect(unencoded).not.toMatch(/["%#<>?&{} ]|[^\x21-\x7e]/u);
    expect(decoded(uri)).toBe('<svg><text>50% off & #1 "best" ₹15,000 😀 {x} a?b</text></svg>');
  });

  it('holds no space, which no valid URL holds (the HTML checker refuses the img src)', () => {
    const uri = svgDataUri('<svg viewBox="0 0 24 24"><text x="1">two  words</text></svg>');
    expect(uri).not.toContain(' ');
    expect(uri).toContain('viewBox=%220%200%2024%2024%22');
    expect(decoded(uri)).toBe('<svg viewBox="0 0 24 24"><text x="1">two words</text></svg>');
  });

  it('gives a URL the browser reads whole: no fragment, no query', () => {
    const url = new URL(svgDataUri('<svg><path d="M0 0h24v24H0z" fill="#fff"/></svg>'));
    expect(url.protocol).toBe('data:');
    expect(url.hash).toBe('');
    expect(url.search).toBe('');
  });
});
