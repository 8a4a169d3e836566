import { useCallback, useRef, useState } from 'react';
import { NetworkError } from '../../../lib/http.ts';
import { forgetPhoto, keepPhoto, keptPhoto } from '../../../lib/outbox/outbox-store.ts';
import { requestErrorMessage } from '../../../lib/request-errors.ts';
import { uploadCertificatePhoto } from '../api/upload-certificate-photo.ts';
import type { PhotoValue } from '../certificate-form.ts';
import { type PhotoCapture, readCapture } from './photo-capture.ts';
import { shrinkPhoto } from './photo-shrink.ts';

/** A chosen photo on its way to the server; it leaves this list once it is attached to the form. */
export type PhotoUpload = {
  key: string;
  /** The id the photo gets on the server, made here (ADR 0032). */
  clientId: string;
  file: File;
  stage: 'waiting' | 'preparing' | 'uploading' | 'failed';
  /** Share sent, 0 to 1, while uploading. */
  progress: number;
  error?: string;
};

let uploadCounter = 0;

/**
 * Shrinks and uploads photos one at a time (a phone has little memory for decoding 12 MP images
 * side by side, and a weak signal is better used for one upload than split over several).
 * `onUploaded` must be stable: it receives each photo once the server has stored it, or, with no
 * connection, once it is kept on this phone for the outbox to upload (`local`). Each photo carries
 * when it was taken, and where when `recordLocation` (the user allowed it).
 */
export function usePhotoUploads(userId: string, onUploaded: (photo: PhotoValue) => void, recordLocation: boolean) {
  const [uploads, setUploads] = useState<PhotoUpload[]>([]);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const locate = useRef(recordLocation);
  locate.current = recordLocation;

  const update = useCallback((key: string, change: Partial<PhotoUpload>) => {
    setUploads((list) => list.map((upload) => (upload.key === key ? { ...upload, ...change } : upload)));
  }, []);

  const enqueue = useCallback(
    ({ key, clientId, file }: Pick<PhotoUpload, 'key' | 'clientId' | 'file'>) => {
      queue.current = queue.current.then(async () => {
        update(key, { stage: 'preparing', progress: 0, error: undefined });
        let photo: Blob | undefined;
        // Read before shrinking, which drops EXIF.
        const capture = await readCapture(file, locate.current);
        try {
          photo = await shrinkPhoto(file);
          update(key, { stage: 'uploading' });
          const uploaded = await uploadCertificatePhoto(photo, clientId, (progress) => update(key, { progress }));
          setUploads((list) => list.filter((upload) => upload.key !== key));
          onUploaded({
            fileId: uploaded.file_id,
            caption: '',
            url: uploaded.url,
            thumbnailUrl: uploaded.thumbnail_url,
            ...capture,
          });
        } catch (error) {
          const kept =
            photo && error instanceof NetworkError && (await keepPhotoOffline(userId, clientId, photo, capture));
          if (kept) {
            setUploads((list) => list.filter((upload) => upload.key !== key));
            onUploaded(kept);
          } else {
            update(key, { stage: 'failed', error: requestErrorMessage(error) });
          }
        }
      });
    },
    [onUploaded, update, userId],
  );

  const add = useCallback(
    (files: File[]) => {
      const added = files.map((file) => ({
        key: `upload-${++uploadCounter}`,
        clientId: crypto.randomUUID(),
        file,
        stage: 'waiting' as const,
        progress: 0,
      }));
      setUploads((list) => [...list, ...added]);
      for (const upload of added) enqueue(upload);
    },
    [enqueue],
  );

  const retry = useCallback(
    (upload: PhotoUpload) => {
      update(upload.key, { stage: 'waiting', error: undefined });
      enqueue(upload);
    },
    [enqueue, update],
  );

  const dismiss = useCallback((key: string) => {
    setUploads((list) => list.filter((upload) => upload.key !== key));
  }, []);

  return { uploads, add, retry, dismiss };
}

/** With no connection: the photo waits on this phone for the outbox; false when the phone cannot keep it. */
async function keepPhotoOffline(
  userId: string,
  clientId: string,
  photo: Blob,
  capture: PhotoCapture,
): Promise<PhotoValue | false> {
  try {
    await keepPhoto(userId, clientId, photo);
  } catch {
    return false;
  }
  const url = URL.createObjectURL(photo);
  return { fileId: clientId, caption: '', url, thumbnailUrl: url, local: true, ...capture };
}

/** A form's photos with fresh URLs for those kept on this phone (a page's URLs die with it); one no longer kept is left out. */
export async function revivePhotos(userId: string, photos: PhotoValue[]): Promise<PhotoValue[]> {
  const revived = await Promise.all(
    photos.map(async (photo) => {
      if (!photo.local) return photo;
      const blob = await keptPhoto(userId, photo.fileId).catch(() => undefined);
      if (!blob) return undefined;
      const url = URL.createObjectURL(blob);
      return { ...photo, url, thumbnailUrl: url };
    }),
  );
  return revived.filter((photo) => photo !== undefined);
}

/** Photos taken offline that the user removed or discarded: nothing will upload them, so the phone lets them go. */
export function forgetKeptPhotos(photos: readonly PhotoValue[]) {
  for (const photo of photos) if (photo.local) void forgetPhoto(photo.fileId).catch(() => undefined);
}
