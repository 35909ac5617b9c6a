export * from './categories.ts';
export * from './process.ts';
export * from './projects.ts';
