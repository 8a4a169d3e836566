export * from './auth/auth.ts';
export * from './constants.ts';
export * from './errors/errors.ts';
export * from './health/health.ts';
export * from './profile/abn.ts';
export * from './profile/profile.ts';
export * from './time-zone.ts';
