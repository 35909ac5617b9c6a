import { describe, expect, it } from 'vitest';
import { renderErrorDigest, slotErrorsOf } from './slot-errors.ts';

const slot = (name: string, inner: string) => `<div data-remote-slot="${name}">${inner}</div>`;
const leftForBrowser = (index: number) =>
  `<!--$!--><template data-dgst="${renderErrorDigest(index)}"></template><div>placeholder</div><!--/$-->`;

describe('slotErrorsOf', () => {
  it('tells each render error to the slot whose section React left for the browser', () => {
    const html = `<header><div>menu</div></header>${slot('mf_marketing/Hero', '<div><h1>Hi</h1></div>')}${slot(
      'mf_portfolio/ProcessSection',
      `<section><div>${leftForBrowser(0)}</div></section>`,
    )}<footer></footer>`;
    expect(slotErrorsOf(html, ['ProcessSection broke'])).toEqual([
      { slot: 'mf_portfolio/ProcessSection', error: 'ProcessSection broke' },
    ]);
  });

  it('lists no slot for an error in the shell’s own markup after a slot, nor for one without its digest', () => {
    const html = `${slot('mf_marketing/Hero', '<div></div>')}<main>${leftForBrowser(0)}</main>`;
    expect(slotErrorsOf(html, ['the footer broke', 'no digest'])).toEqual([]);
  });
});
