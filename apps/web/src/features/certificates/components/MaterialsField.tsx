import { emptyMaterialLine, MATERIAL_LIMITS, type MaterialLine } from '@app/contract';
import { useId } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { TextArea } from '../../../components/ui/TextArea.tsx';
import { TextField } from '../../../components/ui/TextField.tsx';

/**
 * The materials applied, a card per product (ADR 0039): brand, type or class, batch and coats are
 * what a certifier checks against the data sheet. New certificates start with a line per common
 * material; the product field suggests them too. Text written before the lines existed, or
 * anything that fits no line, stays in the notes below.
 */
export function MaterialsField({
  id,
  materials,
  notes,
  commonMaterials,
  onChange,
  error,
  notesError,
}: {
  id: string;
  materials: MaterialLine[];
  notes: string;
  commonMaterials: readonly string[];
  onChange: (patch: { materials?: MaterialLine[]; materialsUsed?: string }) => void;
  error?: string | undefined;
  notesError?: string | undefined;
}) {
  const suggestionsId = useId();
  const headingId = `${id}-heading`;
  const change = (index: number, patch: Partial<MaterialLine>) =>
    onChange({ materials: materials.map((line, i) => (i === index ? { ...line, ...patch } : line)) });
  const full = materials.length >= MATERIAL_LIMITS.lines;

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-lg font-semibold">
        Materials used
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        A line per product: membrane, primer, bond breaker, reinforcement. Batch numbers and coats help the certifier.
      </p>
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
      <datalist id={suggestionsId}>
        {commonMaterials.map((material) => (
          <option key={material} value={material} />
        ))}
      </datalist>
      <ol className="flex flex-col gap-3">
        {materials.map((line, index) => {
          const name = line.product.trim() || `material ${index + 1}`;
          const lineId = `${id}-${index}`;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: lines have no id; the list is edited in place.
            <li key={index} className="rounded-md border border-slate-200 p-3 dark:border-slate-700">
              <fieldset className="flex flex-col gap-3">
                <legend className="font-medium">Material {index + 1}</legend>
                <TextField
                  id={index === 0 ? id : `${lineId}-product`}
                  label="Product"
                  list={suggestionsId}
                  maxLength={MATERIAL_LIMITS.text}
                  value={line.product}
                  onChange={(event) => change(index, { product: event.target.value })}
                />
                <div className="grid grid-cols-2 gap-3">
                  <TextField
                    id={`${lineId}-brand`}
                    label="Brand"
                    maxLength={MATERIAL_LIMITS.text}
                    value={line.brand}
                    onChange={(event) => change(index, { brand: event.target.value })}
                  />
                  <TextField
                    id={`${lineId}-type`}
                    label="Type or class"
                    maxLength={MATERIAL_LIMITS.text}
                    value={line.type_class}
                    onChange={(event) => change(index, { type_class: event.target.value })}
                  />
                  <TextField
                    id={`${lineId}-batch`}
                    label="Batch number"
                    maxLength={MATERIAL_LIMITS.text}
                    value={line.batch}
                    onChange={(event) => change(index, { batch: event.target.value })}
                  />
                  <TextField
                    id={`${lineId}-coats`}
                    label="Coats"
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={MATERIAL_LIMITS.coats}
                    value={line.coats ?? ''}
                    onChange={(event) => change(index, { coats: coatsOf(event.target.value) })}
                  />
                </div>
                <Button
                  variant="secondary"
                  className="self-start"
                  onClick={() => onChange({ materials: materials.filter((_, i) => i !== index) })}
                >
                  Remove {name}
                </Button>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <Button
        variant="secondary"
        className="self-start"
        disabled={full}
        onClick={() => onChange({ materials: [...materials, emptyMaterialLine()] })}
      >
        Add a material
      </Button>
      {full ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          A certificate can list up to {MATERIAL_LIMITS.lines} materials. Put any more in the notes below.
        </p>
      ) : null}
      <TextArea
        id={`${id}-notes`}
        label="Other materials or notes"
        hint="Anything that is not a line above, e.g. how the coats were applied."
        rows={3}
        value={notes}
        onChange={(event) => onChange({ materialsUsed: event.target.value })}
        error={notesError}
      />
    </section>
  );
}

/** A whole number of coats within bounds, or none while the field is empty or not a number. */
function coatsOf(text: string): number | null {
  const coats = Number.parseInt(text, 10);
  return Number.isFinite(coats) && coats >= 1 ? Math.min(coats, MATERIAL_LIMITS.coats) : null;
}
