/**
 * Type-level tests of the shell's imports, checked by `pnpm typecheck` (this file is in the shell's tsconfig;
 * nothing imports it, so it is never bundled or run). Each slot below is typed against the remote's
 * src/exposes.ts through the workspace, offline. Every @ts-expect-error must meet a type error, or the
 * typecheck fails with "Unused '@ts-expect-error' directive": a contract that stops guarding fails the build.
 */
import { localRuntimeConfig } from 'shared-content/site';
import { RemoteSlot } from './RemoteSlot.tsx';

const space = { base: 400 };
const contactProps = async () => ({ runtimeConfig: localRuntimeConfig('http://localhost:3010') });

/** What the shell does today compiles. */
export const acceptedSlots = [
  <RemoteSlot key="hero" remote="mf_marketing" module="Hero" reserve={space} />,
  <RemoteSlot
    key="work"
    remote="mf_portfolio"
    module="PortfolioSection"
    props={{ context: 'home' }}
    reserve={space}
  />,
  <RemoteSlot
    key="contact"
    remote="mf_contact"
    module="ContactPage"
    resolveProps={contactProps}
    reserve={space}
  />,
];

/** A wrong module name fails. */
// biome-ignore format: each case stays on the one line below its @ts-expect-error.
export const wrongModules = [
  // @ts-expect-error mf_marketing exposes no "Pricing" (and the shell does not import it).
  <RemoteSlot key="a" remote="mf_marketing" module="Pricing" reserve={space} />,
  // @ts-expect-error "Hero" is mf_marketing's, not mf_portfolio's.
  <RemoteSlot key="b" remote="mf_portfolio" module="Hero" reserve={space} />,
  // @ts-expect-error there is no remote "mf_blog".
  <RemoteSlot key="c" remote="mf_blog" module="Hero" reserve={space} />,
];

/** Wrong props fail. */
// biome-ignore format: each case stays on the one line below its @ts-expect-error.
export const wrongProps = [
  // @ts-expect-error "sidebar" is not a PortfolioSection context ('home' | 'page').
  <RemoteSlot key="d" remote="mf_portfolio" module="PortfolioSection" props={{ context: 'sidebar' }} reserve={space} />,
  // @ts-expect-error PortfolioSection requires its context prop.
  <RemoteSlot key="e" remote="mf_portfolio" module="PortfolioSection" reserve={space} />,
  // @ts-expect-error Hero takes no props.
  <RemoteSlot key="f" remote="mf_marketing" module="Hero" props={{ title: 'Welcome' }} reserve={space} />,
  // @ts-expect-error ContactPage needs a whole RuntimeConfig, not just an API URL.
  <RemoteSlot key="g" remote="mf_contact" module="ContactPage" props={{ runtimeConfig: { apiUrl: '/' } }} reserve={space} />,
];
