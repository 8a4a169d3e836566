import { useCallback, useRef, useState } from 'react';
import { requestErrorMessage } from '../../../lib/request-errors.ts';
import { uploadCertificatePhoto } from '../api/upload-certificate-photo.ts';
import type { PhotoValue } from '../certificate-form.ts';
import { shrinkPhoto } from './photo-shrink.ts';

/** A chosen photo on its way to the server; it leaves this list once it is attached to the form. */
export type PhotoUpload = {
  key: string;
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
 * `onUploaded` must be stable: it receives each photo once the server has stored it.
 */
export function usePhotoUploads(onUploaded: (photo: PhotoValue) => void) {
  const [uploads, setUploads] = useState<PhotoUpload[]>([]);
  const queue = useRef<Promise<void>>(Promise.resolve());

  const update = useCallback((key: string, change: Partial<PhotoUpload>) => {
    setUploads((list) => list.map((upload) => (upload.key === key ? { ...upload, ...change } : upload)));
  }, []);

  const enqueue = useCallback(
    ({ key, file }: Pick<PhotoUpload, 'key' | 'file'>) => {
      queue.current = queue.current.then(async () => {
        update(key, { stage: 'preparing', progress: 0, error: undefined });
        try {
          const photo = await shrinkPhoto(file);
          update(key, { stage: 'uploading' });
          const uploaded = await uploadCertificatePhoto(photo, (progress) => update(key, { progress }));
          setUploads((list) => list.filter((upload) => upload.key !== key));
          onUploaded({
            fileId: uploaded.file_id,
            caption: '',
            url: uploaded.url,
            thumbnailUrl: uploaded.thumbnail_url,
          });
        } catch (error) {
          update(key, { stage: 'failed', error: requestErrorMessage(error) });
        }
      });
    },
    [onUploaded, update],
  );

  const add = useCallback(
    (files: File[]) => {
      const added = files.map((file) => ({
        key: `upload-${++uploadCounter}`,
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
