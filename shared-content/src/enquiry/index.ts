export * from './client.ts';
export * from './schemas.ts';
