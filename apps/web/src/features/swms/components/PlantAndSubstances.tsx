import { SWMS_LIMITS, type SwmsBody } from '@app/contract';
import { Button } from '../../../components/ui/Button.tsx';
import { Checkbox } from '../../../components/ui/Checkbox.tsx';
import { TextField } from '../../../components/ui/TextField.tsx';

type Plant = SwmsBody['plant'][number];
type Substance = SwmsBody['substances'][number];

/** Plant and equipment, each with whether a licence is needed (and which). */
export function PlantEditor({ items, onChange }: { items: Plant[]; onChange: (items: Plant[]) => void }) {
  const replace = (index: number, item: Plant) => onChange(items.map((old, at) => (at === index ? item : old)));
  return (
    <div className="flex flex-col gap-3">
      {items.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; position is identity.
        <div key={index} className="flex flex-col gap-2 rounded border border-slate-200 p-2 dark:border-slate-700">
          <TextField
            label={`Plant or equipment ${index + 1}`}
            value={item.name}
            maxLength={SWMS_LIMITS.shortText}
            onChange={(event) => replace(index, { ...item, name: event.target.value })}
          />
          <Checkbox
            label="Licence needed"
            checked={item.licence_required}
            onChange={(checked) => replace(index, { ...item, licence_required: checked })}
          />
          {item.licence_required ? (
            <TextField
              label={`Licence for plant ${index + 1}`}
              value={item.licence}
              maxLength={SWMS_LIMITS.shortText}
              onChange={(event) => replace(index, { ...item, licence: event.target.value })}
            />
          ) : null}
          <Button
            variant="secondary"
            aria-label={`Remove plant ${index + 1}`}
            onClick={() => onChange(items.filter((_, at) => at !== index))}
          >
            Remove
          </Button>
        </div>
      ))}
      <Button
        variant="secondary"
        disabled={items.length >= SWMS_LIMITS.listItems}
        onClick={() => onChange([...items, { name: '', licence_required: false, licence: '' }])}
      >
        Add plant or equipment
      </Button>
    </div>
  );
}

/** Hazardous substances, each with whether its safety data sheet is attached. */
export function SubstancesEditor({ items, onChange }: { items: Substance[]; onChange: (items: Substance[]) => void }) {
  const replace = (index: number, item: Substance) => onChange(items.map((old, at) => (at === index ? item : old)));
  return (
    <div className="flex flex-col gap-3">
      {items.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; position is identity.
        <div key={index} className="flex flex-col gap-2 rounded border border-slate-200 p-2 dark:border-slate-700">
          <TextField
            label={`Substance ${index + 1}`}
            value={item.name}
            maxLength={SWMS_LIMITS.shortText}
            onChange={(event) => replace(index, { ...item, name: event.target.value })}
          />
          <Checkbox
            label="SDS attached"
            checked={item.sds_attached}
            onChange={(checked) => replace(index, { ...item, sds_attached: checked })}
          />
          <Button
            variant="secondary"
            aria-label={`Remove substance ${index + 1}`}
            onClick={() => onChange(items.filter((_, at) => at !== index))}
          >
            Remove
          </Button>
        </div>
      ))}
      <Button
        variant="secondary"
        disabled={items.length >= SWMS_LIMITS.listItems}
        onClick={() => onChange([...items, { name: '', sds_attached: false }])}
      >
        Add substance
      </Button>
    </div>
  );
}
