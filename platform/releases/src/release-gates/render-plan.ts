/**
 * What the gates render of a build: every expose its manifest lists, once with each set of the props its
 * src/exposes.ts declared, which the build recorded in its manifest (metaData.exposeProps, written by
 * build-config's expose-props plugin). The build alone says it, so a build from a team's checkout is rendered as
 * that checkout declared it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface ExposeRender {
  module: string;
  /** Which declared set of props: 0 for the first. */
  index: number;
  props: object;
  /** How many sets the expose declares. */
  of: number;
}

interface BuildManifest {
  exposes?: Array<{ name?: unknown }>;
  metaData?: { exposeProps?: unknown };
}

/** The renders a build asks for; throws (a sentence) when its manifest records no declared props. */
export function renderPlan(buildDir: string): ExposeRender[] {
  const manifest = JSON.parse(readFileSync(join(buildDir, 'mf-manifest.json'), 'utf8')) as BuildManifest;
  const declared = manifest.metaData?.exposeProps;
  if (typeof declared !== 'object' || declared === null) {
    throw new Error(
      'its mf-manifest.json records no declared props (metaData.exposeProps): it was built before the release ' +
        'gates; build it again',
    );
  }
  const sets = declared as Record<string, unknown>;
  return (manifest.exposes ?? []).flatMap(({ name }) => {
    if (typeof name !== 'string') return [];
    const module = name.replace(/^\.\//, '');
    const list = Array.isArray(sets[module]) ? (sets[module] as unknown[]) : [{}];
    const props = list.length > 0 ? list : [{}];
    return props.map((set, index) => ({
      module,
      index,
      props: typeof set === 'object' && set !== null ? set : {},
      of: props.length,
    }));
  });
}

/** "ProcessSection" or "PortfolioSection (props {"context":"page"})" when it declares several sets. */
export const describeRender = ({ module, props, of }: Pick<ExposeRender, 'module' | 'props' | 'of'>) =>
  of > 1 ? `${module} (props ${JSON.stringify(props)})` : module;
