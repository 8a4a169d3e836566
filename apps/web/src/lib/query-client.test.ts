import { describe, expect, it } from 'vitest';
import { loadQueryClient } from './query-client.ts';

describe('the query client loaded on demand', () => {
  it('is one client, with the app defaults, however often it is asked for', async () => {
    const [first, second] = await Promise.all([loadQueryClient(), loadQueryClient()]);
    expect(second).toBe(first);
    expect(await loadQueryClient()).toBe(first);
    expect(first.getDefaultOptions().queries?.staleTime).toBe(300_000);
  });
});
