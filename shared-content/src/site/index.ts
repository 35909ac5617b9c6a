export * from './config.ts';
export * from './navigation.ts';
export * from './page-paths.ts';
export * from './preview.ts';
export * from './routes.ts';
export * from './runtime-config.ts';
export * from './seo.ts';
export * from './slot-shape.ts';
