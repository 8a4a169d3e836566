import { describe, expect, it } from 'vitest';
import { rememberReturn, takeReturn } from './return-after-reset.ts';

const storage = () => {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
};

describe('the page to return to after a password reset', () => {
  it('is given back once, within the hour', () => {
    const kept = storage();
    rememberReturn(kept, '/certificates/new', 1_000);
    expect(takeReturn(kept, 1_000 + 59 * 60_000)).toBe('/certificates/new');
    expect(takeReturn(kept, 1_000 + 59 * 60_000)).toBeUndefined();
  });

  it('is forgotten after an hour, and never leaves the app', () => {
    const kept = storage();
    rememberReturn(kept, '/swms', 0);
    expect(takeReturn(kept, 61 * 60_000)).toBeUndefined();
    for (const path of ['//evil.example/x', 'https://evil.example', '/login']) {
      rememberReturn(kept, path, 0);
      expect(takeReturn(kept, 1)).toBeUndefined();
    }
    kept.setItem('tradecert:return-after-reset', '{"path":"//evil.example","at":0}');
    expect(takeReturn(kept, 1)).toBeUndefined();
    kept.setItem('tradecert:return-after-reset', 'not json');
    expect(takeReturn(kept, 1)).toBeUndefined();
  });
});
