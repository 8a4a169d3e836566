import {
  CUSTOM_TEMPLATES_PER_BUSINESS,
  type CustomTemplate,
  checklistTemplateFromCustom,
  customTemplateMessages,
} from '@app/contract';
import ListChecks from 'lucide-react/icons/list-checks';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/Alert.tsx';
import { Button, buttonClasses } from '../../../components/ui/Button.tsx';
import { ConfirmActionDialog } from '../../../components/ui/ConfirmActionDialog.tsx';
import { EmptyState } from '../../../components/ui/EmptyState.tsx';
import { toast } from '../../../components/ui/notifications/index.ts';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { useChecklistTemplates } from '../../../lib/checklist-templates.ts';
import { useProfile, useProfileQuery } from '../../../lib/profile/get-profile.ts';
import { requestErrorMessage } from '../../../lib/request-errors.ts';
import { useUpgradePath } from '../../../lib/upgrade-path.ts';
import { useCreateChecklistTemplateMutation } from '../api/create-checklist-template.ts';
import { useDeleteChecklistTemplateMutation } from '../api/delete-checklist-template.ts';
import { useUpdateChecklistTemplateMutation } from '../api/update-checklist-template.ts';
import { draftOf, emptyDraft, requestOf, type TemplateDraft } from '../template-draft.ts';
import { TemplateBuilder } from './TemplateBuilder.tsx';
import { TemplatePreview } from './TemplatePreview.tsx';

/**
 * "Your templates" on /compliance (ADR 0038): the user's custom checklist templates, previewed like
 * the built-in ones. Premium builds, edits and deletes them; a free user reads and deletes the ones
 * kept from a subscription, and is shown the way to Premium instead of the builder.
 */
export function YourTemplates() {
  const userId = useProfileQuery().user?.id ?? '';
  const profile = useProfile();
  const premium = profile?.subscription_tier === 'premium';
  const templates = useChecklistTemplates(userId);
  const upgradePath = useUpgradePath();
  const [editing, setEditing] = useState<{ id?: string | undefined; draft: TemplateDraft } | null>(null);
  const [deleting, setDeleting] = useState<CustomTemplate | null>(null);
  const saved = (template: CustomTemplate) => {
    setEditing(null);
    toast({ title: 'Template saved', description: `${template.name} is ready to use on certificates.` });
  };
  const create = useCreateChecklistTemplateMutation(userId, saved);
  const update = useUpdateChecklistTemplateMutation(userId, saved);
  const remove = useDeleteChecklistTemplateMutation(userId, () => {
    setDeleting(null);
    toast({ title: 'Template deleted', description: 'Certificates that used it keep their copy.' });
  });
  const save = useSave(editing, create, update);
  const list = templates.data ?? [];
  const atLimit = list.length >= CUSTOM_TEMPLATES_PER_BUSINESS;

  return (
    <section aria-labelledby="your-templates-heading" className="flex flex-col gap-4">
      <h2 id="your-templates-heading" className="text-xl font-semibold">
        Your templates
      </h2>
      <p>Build your own checklist from the same kinds of item, and use it on certificates like the ones above.</p>
      {profile && !premium ? (
        <Alert tone="info">
          <p>{customTemplateMessages.premium}</p>
          <Link to={upgradePath} className={`${buttonClasses('primary')} mt-3`}>
            See Premium
          </Link>
        </Alert>
      ) : null}
      {templates.isError ? (
        <Alert tone="error">
          <p>We could not load your templates. {requestErrorMessage(templates.error)}</p>
          <Button variant="secondary" className="mt-3" onClick={() => void templates.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : templates.data === undefined ? (
        <Spinner label="Loading your templates..." />
      ) : list.length === 0 && !editing ? (
        <EmptyState title="You have no templates of your own yet." icon={<ListChecks />}>
          Templates you build appear here and in the checklist choice on certificates.
        </EmptyState>
      ) : null}
      {list.map((template) =>
        editing?.id === template.id ? null : (
          <TemplatePreview key={template.id} template={checklistTemplateFromCustom(template)}>
            <div className="mt-4 flex flex-wrap gap-2">
              {premium ? (
                <Button
                  variant="secondary"
                  aria-label={`Edit template: ${template.name}`}
                  disabled={editing !== null}
                  onClick={() => {
                    save.reset();
                    setEditing({ id: template.id, draft: draftOf(template) });
                  }}
                >
                  Edit template
                </Button>
              ) : null}
              <Button
                variant="secondary"
                aria-label={`Delete template: ${template.name}`}
                onClick={() => setDeleting(template)}
              >
                Delete template
              </Button>
            </div>
          </TemplatePreview>
        ),
      )}
      {editing ? (
        <TemplateBuilder
          title={editing.id ? 'Edit template' : 'New template'}
          draft={editing.draft}
          onChange={(draft) => setEditing({ ...editing, draft })}
          onSave={save.run}
          onCancel={() => {
            save.reset();
            setEditing(null);
          }}
          saving={save.pending}
          saveError={save.error}
        />
      ) : premium ? (
        atLimit ? (
          <p className="text-sm">
            You can keep up to {CUSTOM_TEMPLATES_PER_BUSINESS} templates. Delete one you no longer use to add another.
          </p>
        ) : (
          <div>
            <Button
              onClick={() => {
                save.reset();
                setEditing({ draft: emptyDraft() });
              }}
            >
              New template
            </Button>
          </div>
        )
      ) : null}
      {deleting ? (
        <ConfirmActionDialog
          title="Delete this template?"
          description={`${deleting.name} will be deleted. Certificates that used it keep their copy of it.`}
          cancelLabel="Keep template"
          confirmLabel="Delete template"
          failure="Delete failed."
          action={() => remove.mutateAsync(deleting.id)}
          onCancel={() => setDeleting(null)}
        />
      ) : null}
    </section>
  );
}

/** Saving the builder: a create or an update, its state, and what went wrong in words. */
function useSave(
  editing: { id?: string | undefined; draft: TemplateDraft } | null,
  create: ReturnType<typeof useCreateChecklistTemplateMutation>,
  update: ReturnType<typeof useUpdateChecklistTemplateMutation>,
) {
  const mutation = editing?.id ? update : create;
  return {
    run: () => {
      if (!editing) return;
      const body = requestOf(editing.draft);
      if (editing.id) update.mutate({ id: editing.id, body });
      else create.mutate(body);
    },
    reset: () => {
      create.reset();
      update.reset();
    },
    pending: mutation.isPending,
    error: mutation.error ? requestErrorMessage(mutation.error) : undefined,
  };
}
