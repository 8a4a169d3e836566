import type { PhotoLocation } from '@app/contract';

/** When a photo was taken, and where (only when the user allows it): what the certificate records. */
export type PhotoCapture = { takenAt?: string; location?: PhotoLocation };

/** A photo taken this recently is taken where the phone is now. */
const JUST_TAKEN_MS = 30 * 60_000;
const LOCATE_TIMEOUT_MS = 10_000;

/**
 * Reads when a photo was taken from its EXIF (the camera's clock, the site's local time), before it
 * is shrunk, which drops EXIF. With `withLocation` (the user allowed it), where: the photo's own GPS
 * when it has any, else, for a photo taken in the last half hour, where the phone is now (phones
 * often strip GPS from photos handed to a web page). Never throws: a photo without EXIF, or a
 * location refused or too slow, is recorded without them.
 */
export async function readCapture(file: Blob, withLocation: boolean, now = new Date()): Promise<PhotoCapture> {
  const exif = await readExif(file, withLocation);
  const capture: PhotoCapture = {};
  const original = exif?.[DATE_TIME_ORIGINAL];
  const takenAt = typeof original === 'string' ? exifLocalTime(original) : undefined;
  if (takenAt) capture.takenAt = takenAt;
  if (!withLocation) return capture;
  const fromPhoto = locationOf(exif?.latitude, exif?.longitude);
  if (fromPhoto) capture.location = fromPhoto;
  else if (takenAt && justTaken(takenAt, now)) {
    const here = await phoneLocation();
    if (here) capture.location = here;
  }
  return capture;
}

/** EXIF's DateTimeOriginal tag: the smallest exifr build has no tag names, so it is asked for by number. */
const DATE_TIME_ORIGINAL = 36867;

type ExifFields = { [DATE_TIME_ORIGINAL]?: unknown; latitude?: unknown; longitude?: unknown };

async function readExif(file: Blob, withGps: boolean): Promise<ExifFields | undefined> {
  try {
    // The smallest build (JPEG and TIFF), loaded only once a photo is chosen.
    const exifr = await import('exifr/dist/mini.esm.mjs');
    return await exifr.parse(file, {
      exif: { pick: [DATE_TIME_ORIGINAL] },
      gps: withGps,
      // The raw text ("2026:11:20 08:15:30"): a Date would move it into the browser's time zone.
      reviveValues: false,
    });
  } catch {
    return undefined;
  }
}

/** "2026:11:20 08:15:30" (EXIF) as "2026-11-20T08:15"; undefined when it is not a date and time. */
export function exifLocalTime(text: string): string | undefined {
  const match = /^(\d{4}):(\d{2}):(\d{2}) (\d{2}):(\d{2})/.exec(text);
  if (!match || match[1] === '0000') return undefined;
  const [, year, month, day, hour, minute] = match;
  return `${year}-${month}-${day}T${hour}:${minute}`;
}

function locationOf(latitude: unknown, longitude: unknown): PhotoLocation | undefined {
  if (typeof latitude !== 'number' || typeof longitude !== 'number') return undefined;
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return undefined;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180 || (latitude === 0 && longitude === 0)) return undefined;
  return { latitude, longitude };
}

/** Whether a local time read from a photo is within the last half hour of `now` (the phone's clock). */
export function justTaken(takenAt: string, now: Date): boolean {
  const taken = new Date(takenAt).getTime();
  return Number.isFinite(taken) && Math.abs(now.getTime() - taken) <= JUST_TAKEN_MS;
}

function phoneLocation(): Promise<PhotoLocation | undefined> {
  if (!('geolocation' in navigator)) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      (position) => resolve(locationOf(position.coords.latitude, position.coords.longitude)),
      () => resolve(undefined),
      { timeout: LOCATE_TIMEOUT_MS, maximumAge: 60_000, enableHighAccuracy: false },
    );
  });
}
