import { ConfirmDialog } from '../../../components/ui/ConfirmDialog.tsx';

/**
 * Before a certificate is completed with checklist items nothing was recorded for: names them, so
 * completing without them is a choice (ADR 0067). They are printed as not recorded.
 */
export function UnrecordedItemsDialog({
  items,
  onComplete,
  onGoBack,
}: {
  /** The items, named "Checklist: item" (checklistUnrecorded). */
  items: readonly string[];
  onComplete: () => void;
  onGoBack: () => void;
}) {
  return (
    <ConfirmDialog
      title={`${items.length} ${items.length === 1 ? 'item' : 'items'} not recorded`}
      description="Nothing is recorded for these checklist items. The certificate prints them as not recorded."
      details={
        <ul className="mt-3 list-disc pl-5 text-sm">
          {items.map((item, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: two checklists of one template name the same item; the list never reorders.
            <li key={index}>{item}</li>
          ))}
        </ul>
      }
      cancelLabel="Go back"
      confirmLabel="Complete anyway"
      onConfirm={onComplete}
      onCancel={onGoBack}
    />
  );
}
