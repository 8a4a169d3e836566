import { CHECKLIST_TEMPLATE_LIMITS } from '@app/contract';
import { Button } from '../../../components/ui/Button.tsx';
import { TextField } from '../../../components/ui/TextField.tsx';
import { type DraftItem, type DraftStage, movedInList, newItem } from '../template-draft.ts';
import { ItemEditor } from './ItemEditor.tsx';

/** One stage of a template: its title, its items in order, and its place among the stages. */
export function StageEditor({
  stage,
  number,
  count,
  canAddItem,
  onChange,
  onMove,
  onRemove,
}: {
  stage: DraftStage;
  number: number;
  count: number;
  canAddItem: boolean;
  onChange: (stage: DraftStage) => void;
  onMove: (step: -1 | 1) => void;
  onRemove: () => void;
}) {
  const name = stage.title.trim() || `Stage ${number}`;
  const setItems = (items: DraftItem[]) => onChange({ ...stage, items });
  return (
    <fieldset className="flex min-w-0 flex-col gap-3 rounded-md border border-slate-200 p-3 dark:border-slate-700">
      <legend className="px-1 font-semibold">Stage {number}</legend>
      <TextField
        label={`Stage ${number} title`}
        value={stage.title}
        maxLength={CHECKLIST_TEMPLATE_LIMITS.stageTitle}
        onChange={(event) => onChange({ ...stage, title: event.target.value })}
      />
      {stage.items.map((item, index) => (
        <ItemEditor
          key={item.key}
          item={item}
          where={`item ${index + 1} of ${name}`}
          first={index === 0}
          last={index === stage.items.length - 1}
          onChange={(next) => setItems(stage.items.map((i) => (i.key === item.key ? next : i)))}
          onMove={(step) => setItems(movedInList(stage.items, index, step))}
          onRemove={() => setItems(stage.items.filter((i) => i.key !== item.key))}
        />
      ))}
      <div className="flex flex-wrap gap-2">
        {canAddItem ? (
          <Button
            variant="secondary"
            aria-label={`Add item to ${name}`}
            onClick={() => setItems([...stage.items, newItem('yes_no', stage.title)])}
          >
            Add item
          </Button>
        ) : null}
        <Button variant="secondary" aria-label={`Move up: ${name}`} disabled={number === 1} onClick={() => onMove(-1)}>
          Move up
        </Button>
        <Button
          variant="secondary"
          aria-label={`Move down: ${name}`}
          disabled={number === count}
          onClick={() => onMove(1)}
        >
          Move down
        </Button>
        {count > 1 ? (
          <Button variant="secondary" aria-label={`Remove stage: ${name}`} onClick={onRemove}>
            Remove stage
          </Button>
        ) : null}
      </div>
    </fieldset>
  );
}
