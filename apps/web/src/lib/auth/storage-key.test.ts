import { describe, expect, it } from 'vitest';
import { authStorageKey } from './storage-key.ts';

describe('authStorageKey', () => {
  it('uses the first label of the host name', () => {
    expect(authStorageKey('localhost')).toBe('localhost-auth-token');
    expect(authStorageKey('app.tradecert.com.au')).toBe('app-auth-token');
  });

  it('falls back to a stable key for an empty host', () => {
    expect(authStorageKey('')).toBe('app-auth-token');
  });
});
