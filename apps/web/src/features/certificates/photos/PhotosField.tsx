import { locationText, MAX_PHOTOS_PER_CERTIFICATE, TOO_MANY_PHOTOS_MESSAGE, takenAtText } from '@app/contract';
import { useId, useState } from 'react';
import { Button, buttonClasses } from '../../../components/ui/Button.tsx';
import { Checkbox } from '../../../components/ui/Checkbox.tsx';
import { FieldError, FieldHint, useFieldDescription } from '../../../components/ui/field-description.tsx';
import { TextField } from '../../../components/ui/TextField.tsx';
import type { PhotoValue } from '../certificate-form.ts';
import type { PhotoUpload } from './use-photo-uploads.ts';

type PhotosFieldProps = {
  /** The file input's id: where focus goes when the photos need attention. */
  id?: string | undefined;
  photos: PhotoValue[];
  uploads: PhotoUpload[];
  onAddFiles: (files: File[]) => void;
  onPhotoChange: (fileId: string, change: (photo: PhotoValue) => PhotoValue) => void;
  /** Whether photos added from now on record where they were taken (the user's choice, off until chosen). */
  recordLocation: boolean;
  onRecordLocationChange: (record: boolean) => void;
  onRemove: (fileId: string) => void;
  onRetry: (upload: PhotoUpload) => void;
  onDismiss: (key: string) => void;
  error?: string | undefined;
};

const stageText: Record<PhotoUpload['stage'], string> = {
  waiting: 'Waiting...',
  preparing: 'Making it smaller...',
  uploading: 'Uploading...',
  failed: 'Upload failed',
};

/** Photos with captions: before, during and after the work. */
export function PhotosField({
  id,
  photos,
  uploads,
  onAddFiles,
  onPhotoChange,
  recordLocation,
  onRecordLocationChange,
  onRemove,
  onRetry,
  onDismiss,
  error,
}: PhotosFieldProps) {
  const [tooMany, setTooMany] = useState(false);
  const inFlight = uploads.filter((upload) => upload.stage !== 'failed').length;
  const room = MAX_PHOTOS_PER_CERTIFICATE - photos.length - inFlight;
  const problem = error ?? (tooMany ? TOO_MANY_PHOTOS_MESSAGE : undefined);
  const { controlId: inputId, hintId, errorId, describedBy } = useFieldDescription({ id, hint: true, error: problem });

  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1 text-sm font-medium">Photos</legend>
      <FieldHint id={hintId}>
        Before, during and after the work, up to {MAX_PHOTOS_PER_CERTIFICATE}. Large photos are made smaller before they
        upload.
      </FieldHint>

      {photos.length > 0 ? (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          {photos.map((photo, index) => {
            const name = `photo ${index + 1}`;
            return (
              <li
                key={photo.fileId}
                className="flex flex-col gap-2 rounded-md border border-slate-200 p-3 dark:border-slate-700"
              >
                <img
                  src={photo.thumbnailUrl}
                  alt={photo.caption || `Photo ${index + 1}`}
                  className="aspect-[4/3] w-full rounded bg-slate-100 object-cover dark:bg-slate-800"
                />
                {photo.takenAt ? <p className="text-sm">{takenAtText(photo.takenAt)}</p> : null}
                {photo.location ? (
                  <div className="flex flex-wrap items-center gap-2 text-sm">
                    <span>Location {locationText(photo.location)}</span>
                    <Button
                      variant="secondary"
                      onClick={() => onPhotoChange(photo.fileId, ({ location: _, ...rest }) => rest)}
                    >
                      Remove the location of {name}
                    </Button>
                  </div>
                ) : null}
                <TextField
                  label={`Caption for ${name}`}
                  value={photo.caption}
                  maxLength={300}
                  onChange={(event) => {
                    const caption = event.target.value;
                    onPhotoChange(photo.fileId, (current) => ({ ...current, caption }));
                  }}
                />
                <Button variant="secondary" onClick={() => onRemove(photo.fileId)}>
                  Remove {name}
                </Button>
              </li>
            );
          })}
        </ul>
      ) : null}

      {uploads.length > 0 ? (
        <ul className="flex flex-col gap-2">
          {uploads.map((upload) => {
            const percent = Math.round(upload.progress * 100);
            return (
              <li
                key={upload.key}
                className="flex flex-col gap-1 rounded-md border border-slate-200 p-3 text-sm dark:border-slate-700"
              >
                <span className="break-all font-medium">{upload.file.name}</span>
                <span>
                  {stageText[upload.stage]}
                  {upload.stage === 'uploading' ? ` ${percent}%` : null}
                </span>
                {upload.stage === 'failed' ? (
                  <>
                    <p className="text-red-700 dark:text-red-400">{upload.error}</p>
                    <div className="flex flex-wrap gap-2">
                      <Button variant="secondary" onClick={() => onRetry(upload)}>
                        Try {upload.file.name} again
                      </Button>
                      <Button variant="secondary" onClick={() => onDismiss(upload.key)}>
                        Remove {upload.file.name}
                      </Button>
                    </div>
                  </>
                ) : (
                  // No value while waiting or preparing: an indeterminate bar.
                  <progress
                    max={100}
                    value={upload.stage === 'uploading' ? percent : undefined}
                    aria-label={`Uploading ${upload.file.name}`}
                    className="h-2 w-full"
                  />
                )}
              </li>
            );
          })}
        </ul>
      ) : null}

      <div className="flex flex-col gap-1">
        <Checkbox label="Record where each photo is taken" checked={recordLocation} onChange={onRecordLocationChange} />
        <p className="text-sm text-slate-600 dark:text-slate-300">
          From the photo, or from this phone for a photo taken in the last half hour. Shown on the certificate. When
          each photo was taken is recorded either way, if the camera saved it.
        </p>
      </div>

      <div className="flex flex-wrap gap-3">
        {/* On a phone, the rear camera straight away; on a computer, a file picker like the other. */}
        <PhotoPicker
          label="Take photo"
          capture
          disabled={room <= 0}
          describedBy={describedBy}
          onFiles={(files) => {
            setTooMany(files.length > room);
            if (files.length > 0) onAddFiles(files.slice(0, Math.max(0, room)));
          }}
        />
        <PhotoPicker
          id={inputId}
          label="Choose from library"
          disabled={room <= 0}
          describedBy={describedBy}
          onFiles={(files) => {
            setTooMany(files.length > room);
            if (files.length > 0) onAddFiles(files.slice(0, Math.max(0, room)));
          }}
        />
      </div>
      {problem ? (
        <FieldError id={errorId} alert>
          {problem}
        </FieldError>
      ) : null}
    </fieldset>
  );
}

/** A file input styled as a button, its label the visible text: the rear camera (`capture`) or the library. */
function PhotoPicker({
  id,
  label,
  capture = false,
  disabled,
  describedBy,
  onFiles,
}: {
  id?: string;
  label: string;
  capture?: boolean;
  disabled: boolean;
  describedBy: string | undefined;
  onFiles: (files: File[]) => void;
}) {
  const ownId = useId();
  const inputId = id ?? ownId;
  return (
    <div>
      <input
        id={inputId}
        type="file"
        accept="image/*"
        multiple={!capture}
        {...(capture ? { capture: 'environment' as const } : {})}
        className="peer sr-only"
        disabled={disabled}
        aria-describedby={describedBy}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          // Cleared so that choosing the same file again still counts.
          event.target.value = '';
          onFiles(files);
        }}
      />
      <label
        htmlFor={inputId}
        className={`${buttonClasses('secondary')} cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 peer-disabled:cursor-not-allowed peer-disabled:opacity-70`}
      >
        {label}
      </label>
    </div>
  );
}
