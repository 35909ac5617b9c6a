/** Everything shared-content offers that browser code may import. Topology is Node-only: import it by path. */
export * from './contact/index.ts';
export * from './marketing/index.ts';
export * from './portfolio/index.ts';
export * from './site/index.ts';
export * from './types.ts';
