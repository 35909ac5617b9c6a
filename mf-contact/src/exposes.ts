// Rsbuild's asset and webpackContext types, for every package whose typecheck follows this file into the
// remote's modules (the shell, the federation package, the tooling): the contract is derived from them.
/// <reference types="@rsbuild/core/types" />
/**
 * Everything mf_contact exposes, declared once: name → the module that exports a component of that name.
 * Module Federation's `exposes` (rsbuild.config.ts), the contract the shell typechecks its slots against, the
 * standalone page and the one-bundle build all derive from this; the contract check holds each build to it.
 */
import { type ContractOf, defineExposes } from 'build-config/contract';
// Not the site barrel: this file is part of the build configuration, which would then list the route table
// among its inputs, and a route-table change would release mf-contact (pnpm affected).
import { localRuntimeConfig } from 'shared-content/site/runtime-config';

export const exposes = defineExposes({
  /** /contact: the forms, the ways to get in touch and the FAQ; given runtime.json's API and EmailJS settings. */
  ContactPage: {
    file: './pages/ContactPage.tsx',
    load: () => import('./pages/ContactPage.tsx'),
    // Rendering posts nothing: an API on a name that never resolves (.test) is as good as the real one.
    props: [{ runtimeConfig: localRuntimeConfig('http://api.test') }],
  },
});

/** What mf_contact promises the shell: each expose's component and its props. */
export type ContactContract = ContractOf<typeof exposes>;
