import { lazy, Suspense, useState } from 'react';
import { Button } from './Button.tsx';
import { ImageField, type ImageFieldProps } from './ImageField.tsx';

// The drawing code loads when the user chooses to draw, so pages that show a signature do not pay for it.
const SignaturePad = lazy(async () => ({ default: (await import('./SignaturePad.tsx')).SignaturePad }));

/** A signature image that can be drawn on screen as well as uploaded. */
export function SignatureField(props: Omit<ImageFieldProps, 'children'>) {
  const [drawing, setDrawing] = useState(false);
  return (
    <ImageField {...props}>
      {drawing ? null : (
        <Button variant="secondary" disabled={props.busy !== null} onClick={() => setDrawing(true)}>
          {props.imageUrl ? `Draw a new ${props.noun}` : `Draw ${props.noun}`}
        </Button>
      )}
      {drawing ? (
        <div className="basis-full">
          <Suspense fallback={<p className="text-sm">Loading the drawing pad...</p>}>
            <SignaturePad
              subject={`your ${props.noun}`}
              saveLabel={`Save ${props.noun}`}
              saving={props.busy === 'uploading'}
              onSave={async (drawn) => {
                // On failure the drawing stays, so the user can try again without signing again.
                if (await props.onFile(drawn)) setDrawing(false);
              }}
              onCancel={() => setDrawing(false)}
            />
          </Suspense>
        </div>
      ) : null}
    </ImageField>
  );
}
