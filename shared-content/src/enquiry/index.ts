export * from './client.ts';
export * from './remote-health-report.ts';
export * from './schemas.ts';
export * from './telemetry.ts';
export * from './vitals.ts';
