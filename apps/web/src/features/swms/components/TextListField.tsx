import { SWMS_LIMITS } from '@app/contract';
import { ListEditor } from '../../../components/ui/ListEditor.tsx';

/** A list of short texts (PPE items, qualifications…), each once, within the SWMS limits. */
export function TextListField({
  items,
  onChange,
  noun,
  hint,
  emptyText,
}: {
  items: string[];
  onChange: (items: string[]) => void;
  noun: string;
  hint?: string;
  emptyText: string;
}) {
  return (
    <ListEditor
      items={items}
      onChange={onChange}
      noun={noun}
      addHint={hint}
      maxLength={SWMS_LIMITS.itemText}
      emptyText={emptyText}
      validate={(candidate, replacing) => {
        if (!candidate) return `Type the ${noun} first.`;
        if (items.some((item, index) => index !== replacing && item.toLowerCase() === candidate.toLowerCase()))
          return 'That is already on the list.';
        if (replacing === undefined && items.length >= SWMS_LIMITS.listItems)
          return `At most ${SWMS_LIMITS.listItems} entries.`;
        return undefined;
      }}
    />
  );
}
