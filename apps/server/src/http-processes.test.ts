import { describe, expect, it } from 'vitest';
import { restartDelayMs } from './http-processes.ts';

describe('restartDelayMs', () => {
  it('doubles from half a second with each crash in a row, up to 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map(restartDelayMs)).toEqual([
      500, 1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });
});
