/**
 * Type-level tests of the route table's check, run by `pnpm typecheck` (nothing imports this file). Each bad
 * table below must fail the check: an unused @ts-expect-error fails the typecheck, so a check that stops
 * guarding fails the build.
 */
import type { CheckedSlots } from './route-slots.ts';

const reserve = { base: 400 };

const valid = [
  { remote: 'mf_marketing', module: 'Hero', tone: 'dark', reserve },
  { remote: 'mf_portfolio', module: 'PortfolioSection', props: { context: 'home' }, reserve },
  { remote: 'mf_contact', module: 'ContactPage', runtimeConfigProp: 'runtimeConfig', reserve },
] as const;
export const validSlots: CheckedSlots<typeof valid> = valid;

const unknownModule = [{ remote: 'mf_marketing', module: 'Pricing', reserve }] as const;
// @ts-expect-error mf_marketing exposes no "Pricing".
export const unknownModuleSlots: CheckedSlots<typeof unknownModule> = unknownModule;

const otherRemotesModule = [{ remote: 'mf_portfolio', module: 'Hero', reserve }] as const;
// @ts-expect-error "Hero" is mf_marketing's, not mf_portfolio's.
export const otherRemotesModuleSlots: CheckedSlots<typeof otherRemotesModule> = otherRemotesModule;

const unknownRemote = [{ remote: 'mf_blog', module: 'Hero', reserve }] as const;
// @ts-expect-error there is no remote "mf_blog".
export const unknownRemoteSlots: CheckedSlots<typeof unknownRemote> = unknownRemote;

const strayProp = [
  { remote: 'mf_portfolio', module: 'PortfolioSection', props: { context: 'home', limit: 3 }, reserve },
] as const;
// @ts-expect-error PortfolioSection takes no "limit".
export const strayPropSlots: CheckedSlots<typeof strayProp> = strayProp;

const wrongPropType = [
  { remote: 'mf_portfolio', module: 'PortfolioSection', props: { context: 'sidebar' }, reserve },
] as const;
// @ts-expect-error "sidebar" is not a PortfolioSection context ('home' | 'page').
export const wrongPropTypeSlots: CheckedSlots<typeof wrongPropType> = wrongPropType;

const missingProp = [{ remote: 'mf_portfolio', module: 'PortfolioSection', reserve }] as const;
// @ts-expect-error PortfolioSection requires its context prop.
export const missingPropSlots: CheckedSlots<typeof missingProp> = missingProp;

const propsForNone = [
  { remote: 'mf_marketing', module: 'Hero', props: { title: 'Welcome' }, reserve },
] as const;
// @ts-expect-error Hero takes no props.
export const propsForNoneSlots: CheckedSlots<typeof propsForNone> = propsForNone;

const noRuntimeConfig = [{ remote: 'mf_contact', module: 'ContactPage', reserve }] as const;
// @ts-expect-error ContactPage's runtimeConfig is given neither on the page nor from run-time config.
export const noRuntimeConfigSlots: CheckedSlots<typeof noRuntimeConfig> = noRuntimeConfig;

const runtimeConfigElsewhere = [
  { remote: 'mf_contact', module: 'ContactPage', runtimeConfigProp: 'config', reserve },
] as const;
// @ts-expect-error ContactPage has no prop "config" to receive the run-time config.
export const runtimeConfigElsewhereSlots: CheckedSlots<typeof runtimeConfigElsewhere> =
  runtimeConfigElsewhere;

const runtimeConfigMisfit = [
  { remote: 'mf_portfolio', module: 'PortfolioSection', runtimeConfigProp: 'context', reserve },
] as const;
// @ts-expect-error PortfolioSection's context cannot hold a run-time config.
export const runtimeConfigMisfitSlots: CheckedSlots<typeof runtimeConfigMisfit> = runtimeConfigMisfit;

const secondWrong = [
  { remote: 'mf_portfolio', module: 'PortfolioSection', props: { context: 'home' }, reserve },
  { remote: 'mf_portfolio', module: 'PortfolioSection', props: { context: 'home', limit: 3 }, reserve },
] as const;
// @ts-expect-error each slot is checked in its place: the second one's stray prop fails although the first is right.
export const secondWrongSlots: CheckedSlots<typeof secondWrong> = secondWrong;
