import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { MAX_PAGE_LIMIT, pageQuery } from './paging.ts';

describe('pageQuery', () => {
  const query = z.object(pageQuery(25));

  it(`reads a limit from 1 to ${MAX_PAGE_LIMIT} (the list's default when absent) and an opaque cursor`, () => {
    expect(query.parse({})).toEqual({ limit: 25 });
    for (const limit of [1, 9, 10, 99, MAX_PAGE_LIMIT]) {
      expect(query.parse({ limit: String(limit), cursor: 'abc' })).toEqual({ limit, cursor: 'abc' });
    }
  });

  it('refuses any other limit, and a cursor longer than any the server makes', () => {
    for (const limit of ['0', '01', String(MAX_PAGE_LIMIT + 1), '1000', '-1', '1.5', 'two', '']) {
      expect(query.safeParse({ limit }).success, limit).toBe(false);
    }
    expect(query.safeParse({ cursor: 'x'.repeat(201) }).success).toBe(false);
  });
});
