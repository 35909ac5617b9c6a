// Rsbuild's declarations for asset imports and import.meta.webpackContext: the one-bundle build's registry
// (federation/one-bundle-registry.ts) imports the remotes' source, which uses both.
/// <reference types="@rsbuild/core/types" />
