export * from './about.ts';
export * from './hero.ts';
export * from './legal.ts';
export * from './services.ts';
