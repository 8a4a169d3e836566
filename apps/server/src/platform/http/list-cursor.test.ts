import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { decodeCursor, encodeCursor } from './list-cursor.ts';

const id = '6f1c2a1e-58a3-4a7e-9d1c-0f5b0a1d2e3f';
const forged = (createdAt: unknown, rowId: unknown = id) =>
  Buffer.from(JSON.stringify([createdAt, rowId])).toString('base64url');

describe('list cursors', () => {
  it.each(['2026-11-15 02:00:00.123456+00', '2026-11-15 02:00:00+00', '2024-02-29 23:59:59.5+05:30'])(
    'round-trips the position %s',
    (createdAt) => {
      expect(decodeCursor(encodeCursor({ createdAt, id }))).toEqual({ createdAt, id });
    },
  );

  it.each([
    ['not base64 JSON', 'garbage!'],
    ['base64 of garbage', Buffer.from('garbage').toString('base64url')],
    ['JSON null', Buffer.from('null').toString('base64url')],
    ['an object', Buffer.from('{"a":1}').toString('base64url')],
    ['a date that does not exist', forged('2026-02-31 00:00:00+00')],
    ['year zero', forged('0000-00-00 00:00:00+00')],
    ['hour 99', forged('2026-13-45 99:99:99+00')],
    ['an offset out of range', forged('2026-11-15 02:00:00+99')],
    ['colons for a time', forged('2026-11-15 ::::.+00')],
    ['a number', forged(1e308)],
    ['a dash-only id', forged('2026-11-15 02:00:00+00', '-'.repeat(36))],
    ['a wrong-version id', forged('2026-11-15 02:00:00+00', 'aaaaaaaa-aaaa-0aaa-8aaa-aaaaaaaaaaaa')],
    ['an extra element', Buffer.from(JSON.stringify(['2026-11-15 02:00:00+00', id, 1])).toString('base64url')],
  ])('refuses %s with a 400', (_reason, cursor) => {
    let error: unknown;
    try {
      decodeCursor(cursor);
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ statusCode: 400, code: 'validation_failed' });
  });
});
