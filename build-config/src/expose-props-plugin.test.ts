import { describe, expect, it } from 'vitest';
import { declaredPropSets } from './contract.ts';
import { pluginExposeProps } from './expose-props-plugin.ts';

describe('declared props', () => {
  it('renders an expose once per declared set, and once without props when it declares none', () => {
    expect(
      declaredPropSets({
        PortfolioSection: { file: './a.tsx', props: [{ context: 'home' }, { context: 'page' }] },
        ProcessSection: { file: './b.tsx' },
      }),
    ).toEqual({ PortfolioSection: [{ context: 'home' }, { context: 'page' }], ProcessSection: [{}] });
  });

  it('refuses props the build could not record as JSON', () => {
    expect(() =>
      pluginExposeProps({ Form: { file: './form.tsx', props: [{ onSubmit: () => undefined }] } }),
    ).toThrow('declared props must be plain JSON');
    expect(pluginExposeProps({ Form: { file: './form.tsx', props: [{ id: 'enquiry' }] } }).name).toBe(
      'agency:expose-props',
    );
  });
});
