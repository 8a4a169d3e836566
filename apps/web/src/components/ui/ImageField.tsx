import type { ReactNode } from 'react';
import { buttonClasses } from './Button.tsx';
import { FieldError, FieldHint, useFieldDescription } from './field-description.tsx';

export type ImageFieldProps = {
  /** The field's heading, e.g. "Logo". */
  label: string;
  /** The image in button names: "Upload logo", "Replace logo", "Remove logo". */
  noun: string;
  hint?: string | undefined;
  imageUrl: string | null;
  imageAlt: string;
  /** Saves a chosen file; resolves true once it is saved. */
  onFile: (file: Blob) => Promise<boolean>;
  onRemove: () => Promise<boolean>;
  busy: 'uploading' | 'removing' | null;
  /** Share of the upload sent (0 to 1) while uploading. */
  progress: number | null;
  /** Why the last upload or removal failed, and what to do. */
  error?: string | undefined;
  /** Other ways to provide the image, e.g. drawing a signature. */
  children?: ReactNode;
};

const ACCEPTED_TYPES = 'image/jpeg,image/png,image/webp';

/** An image the user uploads, with a preview and buttons to replace or remove it. */
export function ImageField({
  label,
  noun,
  hint,
  imageUrl,
  imageAlt,
  onFile,
  onRemove,
  busy,
  progress,
  error,
  children,
}: ImageFieldProps) {
  const { controlId: inputId, hintId, errorId, describedBy, invalid } = useFieldDescription({ hint, error });
  const percent = Math.round((progress ?? 0) * 100);

  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="text-base font-semibold">{label}</legend>
      {/* White behind the preview in either theme: logos and signatures are usually dark on transparent. */}
      <div className="flex min-h-32 items-center justify-center rounded-md border border-slate-300 bg-white p-3 dark:border-slate-600">
        {imageUrl ? (
          <img src={imageUrl} alt={imageAlt} className="max-h-40 max-w-full object-contain" />
        ) : (
          <p className="text-sm text-slate-600">No {noun} yet</p>
        )}
      </div>
      {hint ? <FieldHint id={hintId}>{hint}</FieldHint> : null}
      <div className="flex flex-wrap gap-2">
        <input
          id={inputId}
          type="file"
          accept={ACCEPTED_TYPES}
          className="peer sr-only"
          disabled={busy !== null}
          aria-describedby={describedBy}
          aria-invalid={invalid}
          onChange={(event) => {
            const file = event.target.files?.[0];
            // Cleared so that choosing the same file again (say, after a failed upload) still counts.
            event.target.value = '';
            if (file) void onFile(file);
          }}
        />
        <label
          htmlFor={inputId}
          className={`${buttonClasses('secondary')} cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 peer-disabled:cursor-not-allowed peer-disabled:opacity-70`}
        >
          {imageUrl ? `Replace ${noun}` : `Upload ${noun}`}
        </label>
        {children}
        {imageUrl ? (
          <button
            type="button"
            className={buttonClasses('secondary')}
            disabled={busy !== null}
            onClick={() => void onRemove()}
          >
            {busy === 'removing' ? 'Removing...' : `Remove ${noun}`}
          </button>
        ) : null}
      </div>
      {busy === 'uploading' ? (
        <div role="status" className="flex flex-col gap-1 text-sm">
          <span>
            Uploading {noun}... {percent}%
          </span>
          <progress max={100} value={percent} aria-label={`Uploading ${noun}`} className="h-2 w-full" />
        </div>
      ) : null}
      {error ? (
        <FieldError id={errorId} alert>
          {error}
        </FieldError>
      ) : null}
    </fieldset>
  );
}
