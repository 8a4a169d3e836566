import { SWMS_LIMITS, type SwmsBody } from '@app/contract';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { Checkbox } from '../../../components/ui/Checkbox.tsx';
import { TextField } from '../../../components/ui/TextField.tsx';

type Plant = SwmsBody['plant'][number];
type Substance = SwmsBody['substances'][number];

/** Rows of one kind, each edited in place in its own box, with Remove, and Add under them. */
function RowsEditor<Row>({
  items,
  onChange,
  empty,
  addLabel,
  removeLabel,
  fields,
}: {
  items: Row[];
  onChange: (items: Row[]) => void;
  empty: Row;
  addLabel: string;
  /** The accessible name of row `index`'s Remove button, e.g. "Remove plant 2". */
  removeLabel: (index: number) => string;
  fields: (item: Row, index: number, replace: (item: Row) => void) => ReactNode;
}) {
  const replace = (index: number) => (item: Row) => onChange(items.map((old, at) => (at === index ? item : old)));
  return (
    <div className="flex flex-col gap-3">
      {items.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; position is identity.
        <div key={index} className="flex flex-col gap-2 rounded border border-slate-200 p-2 dark:border-slate-700">
          {fields(item, index, replace(index))}
          <Button
            variant="secondary"
            aria-label={removeLabel(index)}
            onClick={() => onChange(items.filter((_, at) => at !== index))}
          >
            Remove
          </Button>
        </div>
      ))}
      <Button
        variant="secondary"
        disabled={items.length >= SWMS_LIMITS.listItems}
        onClick={() => onChange([...items, empty])}
      >
        {addLabel}
      </Button>
    </div>
  );
}

/** Plant and equipment, each with whether a licence is needed (and which). */
export function PlantEditor({ items, onChange }: { items: Plant[]; onChange: (items: Plant[]) => void }) {
  return (
    <RowsEditor
      items={items}
      onChange={onChange}
      empty={{ name: '', licence_required: false, licence: '' }}
      addLabel="Add plant or equipment"
      removeLabel={(index) => `Remove plant ${index + 1}`}
      fields={(item, index, replace) => (
        <>
          <TextField
            label={`Plant or equipment ${index + 1}`}
            value={item.name}
            maxLength={SWMS_LIMITS.shortText}
            onChange={(event) => replace({ ...item, name: event.target.value })}
          />
          <Checkbox
            label="Licence needed"
            checked={item.licence_required}
            onChange={(checked) => replace({ ...item, licence_required: checked })}
          />
          {item.licence_required ? (
            <TextField
              label={`Licence for plant ${index + 1}`}
              value={item.licence}
              maxLength={SWMS_LIMITS.shortText}
              onChange={(event) => replace({ ...item, licence: event.target.value })}
            />
          ) : null}
        </>
      )}
    />
  );
}

/** Hazardous substances, each with whether its safety data sheet is attached. */
export function SubstancesEditor({ items, onChange }: { items: Substance[]; onChange: (items: Substance[]) => void }) {
  return (
    <RowsEditor
      items={items}
      onChange={onChange}
      empty={{ name: '', sds_attached: false }}
      addLabel="Add substance"
      removeLabel={(index) => `Remove substance ${index + 1}`}
      fields={(item, index, replace) => (
        <>
          <TextField
            label={`Substance ${index + 1}`}
            value={item.name}
            maxLength={SWMS_LIMITS.shortText}
            onChange={(event) => replace({ ...item, name: event.target.value })}
          />
          <Checkbox
            label="SDS attached"
            checked={item.sds_attached}
            onChange={(checked) => replace({ ...item, sds_attached: checked })}
          />
        </>
      )}
    />
  );
}
