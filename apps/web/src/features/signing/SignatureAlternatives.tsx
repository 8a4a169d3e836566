import signatureFontUrl from '@fontsource/dancing-script/files/dancing-script-latin-400-normal.woff2?url';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { Field } from '../../components/ui/Field.tsx';
import { croppedToInk } from '../../components/ui/ink-image.ts';
import { TextField } from '../../components/ui/TextField.tsx';
import { fitInBox, SIGNATURE_BOX, toInk } from './signature-ink.ts';

/*
 * The ways to sign besides drawing (ADR 0052): typing one's name, set in a handwriting font, or
 * uploading a picture of one's signature. Both end as the image a drawing is (dark ink cropped to
 * itself, within 600 × 200), so the server keeps and prints them alike. This module, and the font,
 * load only when the signer chooses one of them: the signing page's script budget has no room.
 */

type AlternativeProps = {
  method: 'typed' | 'uploaded';
  /** The name typed in the form, the typed signature's starting text. */
  name: string;
  saveLabel: string;
  /** Checks the rest of the form as the button is pressed; false stops the save (the form says why). */
  checkFirst: () => boolean;
  /** Receives the signature as a PNG; the form stays until the promise settles. */
  onSave: (signature: Blob) => Promise<unknown>;
  onCancel: () => void;
  saving: boolean;
};

export default function SignatureAlternative({ method, ...props }: AlternativeProps) {
  return method === 'typed' ? <TypedSignature {...props} /> : <UploadedSignature {...props} />;
}

type MethodProps = Omit<AlternativeProps, 'method'>;

const FONT_FAMILY = 'TradeCert Signature';
// A font that fails to load leaves the browser's own cursive: the signature can still be made.
const FONT = `"${FONT_FAMILY}", cursive`;
let fontLoaded: Promise<unknown> | undefined;
const loadSignatureFont = () => {
  fontLoaded ??= new FontFace(FONT_FAMILY, `url(${signatureFontUrl})`)
    .load()
    .then((face) => document.fonts.add(face))
    .catch(() => undefined);
  return fontLoaded;
};

/** Space left around typed text in the box, in canvas pixels. */
const TEXT_MARGIN = 16;

/** Sets `text` in the handwriting font, as large as fits the signature box. */
function drawTyped(canvas: HTMLCanvasElement, text: string) {
  canvas.width = SIGNATURE_BOX.width;
  canvas.height = SIGNATURE_BOX.height;
  const context = canvas.getContext('2d');
  if (!context) return;
  const largest = SIGNATURE_BOX.height * 0.6;
  context.font = `${largest}px ${FONT}`;
  const measured = context.measureText(text).width;
  const size = Math.min(largest, (largest * (SIGNATURE_BOX.width - TEXT_MARGIN * 2)) / Math.max(measured, 1));
  context.font = `${size}px ${FONT}`;
  context.fillStyle = '#0f172a';
  context.textBaseline = 'middle';
  context.fillText(text, TEXT_MARGIN, SIGNATURE_BOX.height / 2);
}

function TypedSignature({ name, saveLabel, checkFirst, onSave, onCancel, saving }: MethodProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  // Follows the name typed above until the signer changes it here.
  const [typed, setTyped] = useState<string>();
  const [fontReady, setFontReady] = useState(false);
  const [problem, setProblem] = useState<string>();
  const text = (typed ?? name).trim();

  useEffect(() => {
    let current = true;
    loadSignatureFont().then(() => current && setFontReady(true));
    return () => {
      current = false;
    };
  }, []);

  useEffect(() => {
    if (canvasRef.current && fontReady) drawTyped(canvasRef.current, text);
  }, [text, fontReady]);

  const save = async () => {
    if (!checkFirst()) return;
    const canvas = canvasRef.current;
    const signature = text && canvas && fontReady ? await croppedToInk(canvas) : null;
    if (!signature) {
      setProblem('Type your name as you want it to appear as your signature.');
      return;
    }
    await onSave(signature);
  };

  return (
    <div className="flex flex-col gap-2">
      <TextField
        label="Your signature, typed"
        hint="Set in a handwriting style, as the preview shows."
        value={typed ?? name}
        autoComplete="name"
        onChange={(event) => {
          setTyped(event.target.value);
          setProblem(undefined);
        }}
        error={problem}
      />
      <canvas
        ref={canvasRef}
        role="img"
        aria-label={text ? `Preview of your typed signature: ${text}` : 'Preview of your typed signature (empty)'}
        className="aspect-[3/1] w-full rounded-md border-2 border-dashed border-slate-400 bg-white"
      />
      {fontReady ? null : <p className="text-sm">Loading the handwriting style...</p>}
      <SignatureActions saveLabel={saveLabel} onSave={save} onCancel={onCancel} saving={saving} ready={fontReady} />
    </div>
  );
}

/** Larger files are not a signature: refused before the phone spends memory decoding them. */
const MAX_UPLOAD_BYTES = 15 * 1024 * 1024;

/** Draws the picture into the signature box as ink; null when it holds none. */
async function inkedCanvasOf(file: File): Promise<HTMLCanvasElement | null> {
  const bitmap = await createImageBitmap(file);
  try {
    const { width, height } = fitInBox(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) return null;
    context.drawImage(bitmap, 0, 0, width, height);
    const pixels = context.getImageData(0, 0, width, height);
    if (!toInk(pixels.data)) return null;
    context.putImageData(pixels, 0, 0);
    return canvas;
  } finally {
    bitmap.close();
  }
}

function UploadedSignature({ saveLabel, checkFirst, onSave, onCancel, saving }: MethodProps) {
  const [signature, setSignature] = useState<{ png: Blob; url: string }>();
  const [reading, setReading] = useState(false);
  const [problem, setProblem] = useState<string>();

  useEffect(() => () => (signature ? URL.revokeObjectURL(signature.url) : undefined), [signature]);

  const choose = async (file: File | undefined) => {
    setProblem(undefined);
    setSignature(undefined);
    if (!file) return;
    if (file.size > MAX_UPLOAD_BYTES) {
      setProblem('This image is too large (over 15 MB). Choose a smaller picture of your signature.');
      return;
    }
    setReading(true);
    try {
      const canvas = await inkedCanvasOf(file);
      const png = canvas ? await croppedToInk(canvas) : null;
      if (png) setSignature({ png, url: URL.createObjectURL(png) });
      else setProblem('No signature could be found in this image. Choose a picture of your signature on plain paper.');
    } catch {
      setProblem('This file could not be read as an image. Choose a PNG, JPEG or WebP picture of your signature.');
    } finally {
      setReading(false);
    }
  };

  const save = async () => {
    if (!checkFirst()) return;
    if (!signature) {
      setProblem('Choose a picture of your signature first.');
      return;
    }
    await onSave(signature.png);
  };

  return (
    <div className="flex flex-col gap-2">
      <Field
        label="Picture of your signature"
        hint="A photo or scan of your signature on plain paper (PNG, JPEG or WebP). It is kept small, in dark ink."
        error={problem}
      >
        {(control) => (
          <input
            {...control}
            className={`${control.className} py-2`}
            type="file"
            accept="image/png,image/jpeg,image/webp"
            disabled={saving || reading}
            onChange={(event) => choose(event.target.files?.[0])}
          />
        )}
      </Field>
      {reading ? <p className="text-sm">Reading the image...</p> : null}
      {signature ? (
        <img
          src={signature.url}
          alt="Preview of your uploaded signature"
          className="max-h-48 w-full rounded-md border-2 border-dashed border-slate-400 bg-white object-contain p-2"
        />
      ) : null}
      <SignatureActions saveLabel={saveLabel} onSave={save} onCancel={onCancel} saving={saving} ready={!reading} />
    </div>
  );
}

function SignatureActions({
  saveLabel,
  onSave,
  onCancel,
  saving,
  ready,
}: {
  saveLabel: string;
  onSave: () => void;
  onCancel: () => void;
  saving: boolean;
  /** False while the font or the picture is still loading. */
  ready: boolean;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button disabled={saving || !ready} onClick={onSave}>
        {saving ? 'Saving...' : saveLabel}
      </Button>
      <Button variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
    </div>
  );
}
