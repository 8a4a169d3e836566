import { describe, expect, it } from 'vitest';
import { createQueryClient } from './create-query-client.ts';

describe('query client defaults', () => {
  it('keeps data fresh for 5 minutes and does not refetch on window focus', () => {
    const defaults = createQueryClient().getDefaultOptions().queries;
    expect(defaults?.staleTime).toBe(300_000);
    expect(defaults?.refetchOnWindowFocus).toBe(false);
  });

  it('lets a save fail at once with no connection, so the page can keep the work on the phone', () => {
    expect(createQueryClient().getDefaultOptions().mutations?.networkMode).toBe('always');
  });
});
