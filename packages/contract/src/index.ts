export * from './constants.ts';
export * from './errors/errors.ts';
export * from './health/health.ts';
