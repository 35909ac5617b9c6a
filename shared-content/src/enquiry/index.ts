export * from './control-characters.ts';
export * from './fields.ts';
export * from './messages.ts';
export * from './paths.ts';
export * from './replies.ts';
export * from './schemas.ts';
