import { CHECKLIST_TEMPLATE_LIMITS } from '@app/contract';
import { type FormEvent, useId, useState } from 'react';
import { Alert } from '../../../components/ui/Alert.tsx';
import { Button, SubmitOrCancel } from '../../../components/ui/Button.tsx';
import { Checkbox } from '../../../components/ui/Checkbox.tsx';
import { TextField } from '../../../components/ui/TextField.tsx';
import { type DraftStage, draftProblems, movedInList, newStage, type TemplateDraft } from '../template-draft.ts';
import { StageEditor } from './StageEditor.tsx';

/**
 * Builds a custom checklist template: its name and scope, then stages of items of the
 * five kinds, each with the fields its kind needs. One column, thumb-sized controls at 375 px.
 * What is typed stays while a save is under way and after one fails.
 */
export function TemplateBuilder({
  title,
  draft,
  onChange,
  onSave,
  onCancel,
  saving,
  saveError,
}: {
  title: string;
  draft: TemplateDraft;
  onChange: (draft: TemplateDraft) => void;
  onSave: () => void;
  onCancel: () => void;
  saving: boolean;
  saveError: string | undefined;
}) {
  const headingId = useId();
  const [problems, setProblems] = useState<string[]>([]);
  const set = (change: Partial<TemplateDraft>) => onChange({ ...draft, ...change });
  const setStages = (stages: DraftStage[]) => set({ stages });
  const itemCount = draft.stages.reduce((count, stage) => count + stage.items.length, 0);
  const full = itemCount >= CHECKLIST_TEMPLATE_LIMITS.items;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = draftProblems(draft);
    setProblems(found);
    if (found.length === 0) onSave();
  };

  return (
    <form
      aria-labelledby={headingId}
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-4 rounded-md border border-slate-300 p-3 dark:border-slate-600"
    >
      <h3 id={headingId} className="text-lg font-semibold">
        {title}
      </h3>
      <TextField
        label="Template name"
        hint="As certificates print it, e.g. Balcony procedure."
        value={draft.name}
        maxLength={CHECKLIST_TEMPLATE_LIMITS.name}
        onChange={(event) => set({ name: event.target.value })}
      />
      <TextField
        label="Standard or procedure (optional)"
        hint="What it records compliance with, e.g. Company procedure."
        value={draft.standard}
        maxLength={CHECKLIST_TEMPLATE_LIMITS.standard}
        onChange={(event) => set({ standard: event.target.value })}
      />
      <TextField
        label="Summary (optional)"
        hint="The jobs it is for."
        value={draft.summary}
        maxLength={CHECKLIST_TEMPLATE_LIMITS.summary}
        onChange={(event) => set({ summary: event.target.value })}
      />
      <Checkbox
        label="Choose the NCC edition when recording it"
        checked={draft.usesNccEdition}
        onChange={(usesNccEdition) => set({ usesNccEdition })}
      />
      {draft.stages.map((stage, index) => (
        <StageEditor
          key={stage.key}
          stage={stage}
          number={index + 1}
          count={draft.stages.length}
          canAddItem={!full && stage.items.length < CHECKLIST_TEMPLATE_LIMITS.itemsPerStage}
          onChange={(next) => setStages(draft.stages.map((s) => (s.key === stage.key ? next : s)))}
          onMove={(step) => setStages(movedInList(draft.stages, index, step))}
          onRemove={() => setStages(draft.stages.filter((s) => s.key !== stage.key))}
        />
      ))}
      {draft.stages.length < CHECKLIST_TEMPLATE_LIMITS.stages && !full ? (
        <div>
          <Button variant="secondary" onClick={() => setStages([...draft.stages, newStage()])}>
            Add stage
          </Button>
        </div>
      ) : (
        <p className="text-sm">
          A template can have up to {CHECKLIST_TEMPLATE_LIMITS.stages} stages and {CHECKLIST_TEMPLATE_LIMITS.items}{' '}
          items.
        </p>
      )}
      {problems.length > 0 ? (
        <Alert tone="error">
          <p className="font-semibold">Fix these, then save again:</p>
          <ul className="ml-5 list-disc">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      {saveError ? (
        <Alert tone="error">
          <p>The template was not saved: {saveError}</p>
          <p>Your changes are still here. Try saving again.</p>
        </Alert>
      ) : null}
      <SubmitOrCancel
        pending={saving}
        pendingLabel="Saving template..."
        onCancel={onCancel}
        cancelDisabled={saving}
        className="flex flex-col gap-3 sm:flex-row"
      >
        Save template
      </SubmitOrCancel>
    </form>
  );
}
