export * from './client.ts';
export * from './schemas.ts';
export * from './telemetry.ts';
