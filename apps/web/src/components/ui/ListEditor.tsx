import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button } from './Button.tsx';
import { TextField } from './TextField.tsx';

type ListEditorProps = {
  items: readonly string[];
  /** Receives the whole new list after every add, edit, move or removal. */
  onChange: (items: string[]) => void;
  /**
   * What is wrong with `candidate` as a new item, or as the replacement for the item at
   * `replacing`; undefined when it is fine. Checked before `onChange`, so nothing bad is saved.
   */
  validate: (candidate: string, replacing?: number) => string | undefined;
  /** One item, in labels and announcements: "material" gives "New material", "Move Primer up". */
  noun: string;
  addHint?: string | undefined;
  maxLength?: number | undefined;
  emptyText: string;
};

/** Which button to focus after the list changed: the moved item's, or the next one's after a removal. */
type FocusTarget = { item: string; action: 'up' | 'down' | 'edit' | 'remove' } | 'add-input';

/**
 * An ordered list of short texts with add, edit, remove and move up/down. Every control is a
 * button with a name that says which item it acts on, so the list works by keyboard, switch and
 * screen reader, not only by dragging. Changes are announced politely.
 */
export function ListEditor({ items, onChange, validate, noun, addHint, maxLength, emptyText }: ListEditorProps) {
  const [draft, setDraft] = useState('');
  const [draftError, setDraftError] = useState<string>();
  // Tracked by item, not position, so a move elsewhere in the list does not retarget the edit.
  const [editing, setEditing] = useState<{ item: string; value: string; error?: string } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [focusTarget, setFocusTarget] = useState<FocusTarget | null>(null);
  const addInput = useRef<HTMLInputElement>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());

  useEffect(() => {
    if (!focusTarget) return;
    if (focusTarget === 'add-input') addInput.current?.focus();
    else buttons.current.get(buttonKey(focusTarget.item, focusTarget.action))?.focus();
    setFocusTarget(null);
  }, [focusTarget]);

  const buttonRef = (item: string, action: Exclude<FocusTarget, 'add-input'>['action']) => {
    const key = buttonKey(item, action);
    return (element: HTMLButtonElement | null) => {
      if (element) buttons.current.set(key, element);
      else buttons.current.delete(key);
    };
  };

  const add = (event: FormEvent) => {
    event.preventDefault();
    const candidate = draft.trim();
    const problem = validate(candidate);
    setDraftError(problem);
    if (problem) return addInput.current?.focus();
    onChange([...items, candidate]);
    setDraft('');
    setAnnouncement(`Added ${candidate}.`);
  };

  const move = (index: number, direction: 'up' | 'down') => {
    const target = direction === 'up' ? index - 1 : index + 1;
    const item = items[index];
    if (item === undefined || target < 0 || target >= items.length) return;
    const next = [...items];
    next.splice(index, 1);
    next.splice(target, 0, item);
    onChange(next);
    setAnnouncement(`Moved ${item} ${direction} to position ${target + 1} of ${items.length}.`);
    setFocusTarget({ item, action: direction });
  };

  const remove = (index: number) => {
    const item = items[index];
    if (item === undefined) return;
    const next = items.filter((_, position) => position !== index);
    onChange(next);
    setAnnouncement(`Removed ${item}.`);
    const neighbour = next[index] ?? next[index - 1];
    setFocusTarget(neighbour === undefined ? 'add-input' : { item: neighbour, action: 'remove' });
  };

  const saveEdit = (event: FormEvent) => {
    event.preventDefault();
    if (!editing) return;
    const index = items.indexOf(editing.item);
    const candidate = editing.value.trim();
    if (index < 0) return setEditing(null);
    if (candidate !== editing.item) {
      const problem = validate(candidate, index);
      if (problem) return setEditing({ ...editing, error: problem });
      onChange(items.map((item, position) => (position === index ? candidate : item)));
      setAnnouncement(`Changed ${editing.item} to ${candidate}.`);
    }
    setEditing(null);
    setFocusTarget({ item: candidate, action: 'edit' });
  };

  const cancelEdit = () => {
    if (editing) setFocusTarget({ item: editing.item, action: 'edit' });
    setEditing(null);
  };

  return (
    <div className="flex flex-col gap-4">
      {items.length === 0 ? (
        <p className="text-slate-600 dark:text-slate-300">{emptyText}</p>
      ) : (
        <ol className="flex flex-col divide-y divide-slate-200 rounded-md border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
          {items.map((item, index) => (
            <li key={item} className="p-3">
              {editing?.item === item ? (
                <form noValidate onSubmit={saveEdit} className="flex flex-col gap-2">
                  <TextField
                    label={`Edit ${noun}`}
                    value={editing.value}
                    maxLength={maxLength}
                    error={editing.error}
                    autoFocus
                    onChange={(event) => setEditing({ item, value: event.target.value })}
                    onKeyDown={(event) => {
                      if (event.key === 'Escape') cancelEdit();
                    }}
                  />
                  <div className="flex flex-wrap gap-2">
                    <Button type="submit">Save</Button>
                    <Button variant="secondary" onClick={cancelEdit}>
                      Cancel
                    </Button>
                  </div>
                </form>
              ) : (
                <div className="flex flex-wrap items-center gap-2">
                  <span className="min-w-0 flex-1 basis-40 break-words">{item}</span>
                  <div className="flex flex-wrap gap-1">
                    <ItemButton
                      ref={buttonRef(item, 'up')}
                      label={`Move ${item} up`}
                      unavailable={index === 0}
                      onClick={() => move(index, 'up')}
                    >
                      Up
                    </ItemButton>
                    <ItemButton
                      ref={buttonRef(item, 'down')}
                      label={`Move ${item} down`}
                      unavailable={index === items.length - 1}
                      onClick={() => move(index, 'down')}
                    >
                      Down
                    </ItemButton>
                    <ItemButton
                      ref={buttonRef(item, 'edit')}
                      label={`Edit ${item}`}
                      onClick={() => setEditing({ item, value: item })}
                    >
                      Edit
                    </ItemButton>
                    <ItemButton ref={buttonRef(item, 'remove')} label={`Remove ${item}`} onClick={() => remove(index)}>
                      Remove
                    </ItemButton>
                  </div>
                </div>
              )}
            </li>
          ))}
        </ol>
      )}
      <form noValidate onSubmit={add} className="flex flex-col gap-2">
        <TextField
          ref={addInput}
          label={`New ${noun}`}
          hint={addHint}
          value={draft}
          maxLength={maxLength}
          error={draftError}
          onChange={(event) => {
            setDraft(event.target.value);
            if (draftError) setDraftError(undefined);
          }}
        />
        <Button type="submit" variant="secondary" className="self-start">
          Add {noun}
        </Button>
      </form>
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}

const buttonKey = (item: string, action: string) => `${action}\u0000${item}`;

type ItemButtonProps = {
  label: string;
  /** At the top or bottom of the list. Stays focusable (aria-disabled), so focus is not lost after a move. */
  unavailable?: boolean;
  onClick: () => void;
  children: string;
  ref: (element: HTMLButtonElement | null) => void;
};

function ItemButton({ label, unavailable = false, onClick, children, ref }: ItemButtonProps) {
  return (
    <button
      ref={ref}
      type="button"
      aria-label={label}
      aria-disabled={unavailable || undefined}
      onClick={unavailable ? undefined : onClick}
      className="min-h-11 min-w-11 rounded-md border border-slate-300 px-3 text-sm font-medium hover:bg-slate-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-40 dark:border-slate-600 dark:hover:bg-slate-800"
    >
      {children}
    </button>
  );
}
