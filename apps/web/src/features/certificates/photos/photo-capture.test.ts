import { describe, expect, it } from 'vitest';
import { exifLocalTime, justTaken } from './photo-capture.ts';

describe('when a photo was taken', () => {
  it('reads the EXIF date and time as the local time the camera wrote', () => {
    expect(exifLocalTime('2026:11:20 08:15:30')).toBe('2026-11-20T08:15');
    expect(exifLocalTime('2026:11:20 08:15')).toBe('2026-11-20T08:15');
  });

  it('reads nothing from a blank or malformed date (cameras write zeros when the clock was never set)', () => {
    expect(exifLocalTime('0000:00:00 00:00:00')).toBeUndefined();
    expect(exifLocalTime('    :  :     :  :  ')).toBeUndefined();
    expect(exifLocalTime('2026-11-20T08:15')).toBeUndefined();
  });

  it('counts a photo as just taken within half an hour of the phone clock, either way', () => {
    const now = new Date(2026, 10, 20, 8, 45);
    expect(justTaken('2026-11-20T08:15', now)).toBe(true);
    expect(justTaken('2026-11-20T08:14', now)).toBe(false);
    expect(justTaken('2026-11-20T09:15', now)).toBe(true);
    expect(justTaken('2026-11-19T08:45', now)).toBe(false);
  });
});
