import { describe, expect, it } from 'vitest';
import { ADMIN_MAX_PAGE, adminPageQuerySchema } from './admin.ts';

describe('adminPageQuerySchema', () => {
  it(`reads a page number from 1 to ${ADMIN_MAX_PAGE}, 1 when absent`, () => {
    expect(adminPageQuerySchema.parse({})).toEqual({ page: 1 });
    for (const page of [1, 9, 10, 99, 100, 399, ADMIN_MAX_PAGE]) {
      expect(adminPageQuerySchema.parse({ page: String(page) })).toEqual({ page });
    }
    for (const page of ['0', '01', String(ADMIN_MAX_PAGE + 1), '1000', '-1', '1.5', 'two', '']) {
      expect(adminPageQuerySchema.safeParse({ page }).success, page).toBe(false);
    }
  });
});
