import { useEffect, useId, useRef, useState } from 'react';
import { Button } from './Button.tsx';
import { croppedToInk } from './ink-image.ts';
import { InkPad } from './ink-pad.ts';

type SignaturePadProps = {
  /** What is drawn, e.g. "your signature": used in the instructions and the canvas's name. */
  subject: string;
  /** The button that hands the drawing over, e.g. "Save signature". */
  saveLabel: string;
  /**
   * Checks the rest of the form as the button is pressed, before the drawing is read; false stops
   * the save (the form has said why and moved the focus).
   */
  checkFirst?: () => boolean;
  /** Receives the drawing as a PNG cropped to the ink; the pad stays open until the promise settles. */
  onSave: (drawing: Blob) => Promise<unknown>;
  onCancel: () => void;
  saving: boolean;
  /** Where the page offers another way than drawing, e.g. "choose Type or Upload above": an empty box says so. */
  otherWays?: string;
};

/**
 * A box to draw a signature in with a finger, pen or mouse (ink-pad.ts, our own: under a kilobyte,
 * so the public signing page stays within its script budget).
 */
export function SignaturePad({
  subject,
  saveLabel,
  checkFirst,
  onSave,
  onCancel,
  saving,
  otherWays,
}: SignaturePadProps) {
  const instructionsId = useId();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const padRef = useRef<InkPad | null>(null);
  const [problem, setProblem] = useState<string>();

  // Opened near the foot of a phone's screen, the pad would sit partly under the tab bar, where a
  // stroke lands on the tabs: bring it all into view, clear of the bar (its scroll margin).
  useEffect(() => {
    boxRef.current?.scrollIntoView({ block: 'nearest' });
  }, []);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const pad = new InkPad(canvas, { color: '#0f172a', width: 2.2 });
    padRef.current = pad;
    // Match the canvas to its on-screen size and pixel density, keeping what was drawn
    // (a phone turned sideways resizes the box mid-signature).
    const fitToScreen = () => {
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const strokes = pad.toData();
      canvas.width = Math.round(canvas.offsetWidth * ratio);
      canvas.height = Math.round(canvas.offsetHeight * ratio);
      canvas.getContext('2d')?.scale(ratio, ratio);
      pad.fromData(strokes);
    };
    fitToScreen();
    const resizeObserver = new ResizeObserver(fitToScreen);
    resizeObserver.observe(canvas);
    pad.onStrokeStart(() => setProblem(undefined));
    return () => {
      resizeObserver.disconnect();
      pad.off();
      padRef.current = null;
    };
  }, []);

  const save = async () => {
    const pad = padRef.current;
    const canvas = canvasRef.current;
    if (!pad || !canvas || (checkFirst && !checkFirst())) return;
    if (pad.isEmpty()) {
      setProblem(`Draw ${subject} in the box first${otherWays ? `, or ${otherWays}` : ''}.`);
      return;
    }
    const drawing = await croppedToInk(canvas);
    if (!drawing) {
      setProblem(`${capitalise(subject)} could not be read from the box. Clear it and draw it again.`);
      return;
    }
    await onSave(drawing);
  };

  return (
    <div ref={boxRef} className="flex scroll-mb-tab-bar flex-col gap-2">
      <p id={instructionsId} className="text-sm">
        Draw {subject} in the box with your finger, a stylus or the mouse.
      </p>
      {/* A drawing surface cannot be used from a keyboard; where it is offered, so is another way (upload, type). */}
      <canvas
        ref={canvasRef}
        role="img"
        aria-label={`Drawing area for ${subject}`}
        aria-describedby={instructionsId}
        className="h-48 w-full touch-none rounded-md border-2 border-dashed border-slate-400 bg-white"
      />
      {problem ? (
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
          {problem}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button disabled={saving} onClick={save}>
          {saving ? 'Saving...' : saveLabel}
        </Button>
        <Button
          variant="secondary"
          disabled={saving}
          onClick={() => {
            padRef.current?.clear();
            setProblem(undefined);
          }}
        >
          Clear
        </Button>
        <Button variant="secondary" disabled={saving} onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </div>
  );
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
