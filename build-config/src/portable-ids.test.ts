import { createRsbuild } from '@rsbuild/core';
import { describe, expect, it } from 'vitest';
import {
  assignPortableIds,
  compactId,
  pluginPortableIds,
  portableDataRequest,
  portableName,
} from './portable-ids.ts';

/** Two checkouts of one commit, at different depths. */
const here = '/home/ci/site';
const there = '/tmp/deeper/clone/of/site';
const react = (root: string) => `${root}/node_modules/.pnpm/react@19.3.1/node_modules/react/index.js`;

/** Module names as Rspack writes them in a checkout at `root`. */
const modulesAt = (root: string) => [
  { identifier: `consume shared module (default) react@^19.3.1 (strict) (fallback: ${react(root)})` },
  { identifier: `provide shared module (default) react@19.3.1 = ${react(root)}` },
  { identifier: `javascript/auto|${root}/mf-portfolio/src/index.ts` },
  { identifier: `builtin:swc-loader??ruleSet[1].rules[2]!${root}/mf-portfolio/src/App.tsx` },
];

describe('portableName', () => {
  it('cuts the workspace root out of a shared module name, where Rspack leaves it absolute', () => {
    const [consume, provide] = modulesAt(here);
    expect(portableName(consume?.identifier ?? '', here)).toBe(
      'consume shared module (default) react@^19.3.1 (strict) (fallback: <workspace>/node_modules/.pnpm/react@19.3.1/node_modules/react/index.js)',
    );
    expect(portableName(provide?.identifier ?? '', here)).toBe(
      portableName(modulesAt(there)[1]?.identifier ?? '', there),
    );
  });

  it('leaves a module whose path starts a part of its name to Rspack, which makes that part relative', () => {
    for (const module of modulesAt(here).slice(2)) expect(portableName(module.identifier, here)).toBeNull();
    expect(portableName('webpack/runtime/define_property_getters', here)).toBeNull();
  });
});

describe('compactId', () => {
  it('has the form of a compact-hashed id and is the same for the same name', () => {
    const id = compactId('consume shared module (default) react', new Set());
    expect(id).toMatch(/^[a-zA-Z]$/);
    expect(compactId('consume shared module (default) react', new Set())).toBe(id);
  });

  it('grows by a character while the shorter id is taken', () => {
    const first = compactId('a name', new Set());
    const second = compactId('a name', new Set([first]));
    expect(second).toMatch(/^[a-zA-Z][a-zA-Z0-9]$/);
    expect(second.startsWith(first)).toBe(true);
    expect(compactId('a name', new Set([first, second]))).toHaveLength(3);
  });
});

describe('assignPortableIds', () => {
  it('gives the shared modules the same ids in two checkouts and leaves the others to Rspack', () => {
    const ids = (root: string) => {
      const modules: Array<{ identifier: string; id?: string | number | null }> = modulesAt(root);
      assignPortableIds(modules, root);
      return modules.map((module) => module.id);
    };
    const [consume, provide, ...others] = ids(here);
    expect(ids(there)).toEqual([consume, provide, ...others]);
    expect(consume).toMatch(/^[a-zA-Z][a-zA-Z0-9]*$/);
    expect(provide).not.toBe(consume);
    expect(others).toEqual([undefined, undefined]);
  });

  it('reads the name from a method too, as Rspack modules outside the hook have it', () => {
    const module: { identifier: () => string; id?: string | number | null } = {
      identifier: () => `provide shared module (default) react@19.3.1 = ${react(here)}`,
    };
    assignPortableIds([module], here);
    expect(module.id).toMatch(/^[a-zA-Z]/);
  });
});

describe('portableDataRequest', () => {
  const runtime = (root: string) =>
    `@module-federation/runtime/rspack.js!=!data:text/javascript,${encodeURIComponent(
      `import __module_federation_bundler_runtime__ from ${JSON.stringify(`${root}/node_modules/.pnpm/@module-federation+webpack-bundler-runtime@2.9.2/node_modules/@module-federation/webpack-bundler-runtime/dist/index.cjs`)};` +
        `import __module_federation_runtime_plugin_0__ from ${JSON.stringify(`${root}/build-config/src/ssr-asset-base-plugin.ts`)};` +
        `import elsewhere from "/opt/outside/plugin.js";const __module_federation_container_name__ = "mf_portfolio"`,
    )}`;

  it("imports the workspace's files relative to the app, the same from any checkout", () => {
    const request = portableDataRequest(runtime(here), `${here}/mf-portfolio`, here);
    expect(request).toBe(portableDataRequest(runtime(there), `${there}/mf-portfolio`, there));
    const source = decodeURIComponent(request.slice(request.indexOf(',') + 1));
    expect(source).toBe(
      'import __module_federation_bundler_runtime__ from "../node_modules/.pnpm/@module-federation+webpack-bundler-runtime@2.9.2/node_modules/@module-federation/webpack-bundler-runtime/dist/index.cjs";' +
        'import __module_federation_runtime_plugin_0__ from "../build-config/src/ssr-asset-base-plugin.ts";' +
        'import elsewhere from "/opt/outside/plugin.js";const __module_federation_container_name__ = "mf_portfolio"',
    );
    expect(request.startsWith('@module-federation/runtime/rspack.js!=!data:text/javascript,')).toBe(true);
  });

  it('leaves every other request as it is', () => {
    for (const request of [
      'react',
      './src/App.tsx',
      `${here}/src/index.ts`,
      'data:text/javascript,export%20default%201',
    ]) {
      expect(portableDataRequest(request, `${here}/mf-portfolio`, here)).toBe(request);
    }
  });
});

describe('pluginPortableIds', () => {
  const configs = async (mode: 'production' | 'development', environments?: string[]) => {
    const rsbuild = await createRsbuild({
      cwd: here,
      rsbuildConfig: {
        mode,
        plugins: [pluginPortableIds(environments ? { environments } : {})],
        environments: { web: {}, node: { output: { target: 'node' } } },
      },
    });
    return rsbuild.initConfigs();
  };
  const portable = (config: { plugins?: unknown[] }) =>
    (config.plugins ?? []).some((plugin) => plugin?.constructor?.name === 'PortableIdsRspackPlugin');

  it('in a production build, numbers the chunks and adds the id step to each environment named', async () => {
    const [web, node] = await configs('production', ['node']);
    expect(node?.optimization?.chunkIds).toBe('size');
    expect(portable(node ?? {})).toBe(true);
    expect(web?.optimization?.chunkIds).toBe('compact-hashed');
    expect(portable(web ?? {})).toBe(false);
  });

  it("leaves a dev server's ids as they are (Rspack's named ones)", async () => {
    for (const config of await configs('development')) {
      expect(config.optimization?.chunkIds).toBeUndefined();
      expect(portable(config)).toBe(false);
    }
  });
});
