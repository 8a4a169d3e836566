import { hrcwCategories, hrcwCategoryKeys, SWMS_LIMITS, type Swms, type SwmsBody, swmsBodySchema } from '@app/contract';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod/mini';
import { ActionProblem } from '../../components/ui/ActionProblem.tsx';
import { Button, textLinkClasses } from '../../components/ui/Button.tsx';
import { Checkbox } from '../../components/ui/Checkbox.tsx';
import { toast } from '../../components/ui/notifications/index.ts';
import { TextArea } from '../../components/ui/TextArea.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import type { DocumentPanel } from '../../lib/document-panel.ts';
import { keptValuesParser } from '../../lib/kept-forms.ts';
import { requestErrorMessage } from '../../lib/request-errors.ts';
import { useCreateCoverSheetMutation } from './api/create-cover-sheet.ts';
import { useDeleteSwmsMutation } from './api/delete-swms.ts';
import { discardSwmsDraft } from './api/discard-swms-draft.ts';
import { fetchSwms, useSwms } from './api/get-swms.ts';
import { downloadSwmsPdf } from './api/get-swms-pdf.ts';
import { saveSwms } from './api/save-swms.ts';
import { rememberSavedSwms } from './api/swms-keys.ts';
import { DateField } from './components/DateField.tsx';
import { DocumentEditorShell, SigningSection } from './components/DocumentEditorShell.tsx';
import { EditorPage, type EditorProps } from './components/EditorLoader.tsx';
import { JobStepsEditor } from './components/JobStepsEditor.tsx';
import { PlantEditor, SubstancesEditor } from './components/PlantAndSubstances.tsx';
import { SectionStepper, useSection } from './components/SectionStepper.tsx';
import { FormSection, MissingList } from './components/SwmsFrame.tsx';
import { TextListField } from './components/TextListField.tsx';
import { textProps } from './components/text-props.ts';
import { type DocumentEditorConfig, useDocumentEditor } from './use-document-editor.ts';
import { VersionHistory } from './VersionHistory.tsx';

/** The editor's sections, one on screen at a time (`?section=`). */
const swmsSections = [
  { key: 'details', title: 'Details' },
  { key: 'hrcw', title: 'High-risk work' },
  { key: 'steps', title: 'Job steps' },
  { key: 'ppe', title: 'PPE and plant' },
  { key: 'people', title: 'People and emergency' },
  { key: 'review', title: 'Review' },
] as const;

type Editable = { body: SwmsBody; is_template: boolean };

/** The SWMS's lists of short texts, each in a section of its own. */
const textLists = {
  ppe: {
    title: 'PPE required',
    noun: 'PPE item',
    hint: 'Name the item, e.g. "P2 respirator, fit-tested", never "appropriate PPE".',
    emptyText: 'No PPE listed yet.',
  },
  codes_of_practice: {
    title: 'Codes of practice and standards',
    noun: 'code or standard',
    emptyText: 'None listed yet.',
  },
  qualifications: {
    title: 'Qualifications and licences',
    noun: 'qualification',
    hint: 'White card, site induction, high-risk work licences...',
    emptyText: 'No qualifications listed yet.',
  },
} as const;

const swmsEditing: DocumentEditorConfig<Editable, Swms> = {
  what: 'SWMS',
  formKey: (id) => `swms:${id}`,
  bodyOf: ({ body, is_template }) => ({ body, is_template }),
  parseBody: keptValuesParser(z.object({ body: swmsBodySchema, is_template: z.boolean() })),
  save: (id, versioning, editable) => saveSwms(id, { ...versioning, ...editable }),
  fetch: fetchSwms,
  remember: rememberSavedSwms,
  discardDraft: discardSwmsDraft,
  downloadPdf: downloadSwmsPdf,
};

/** /swms/:id: view and edit a SWMS, saved as the user types. */
export default function SwmsPage({ documentPanel }: { documentPanel?: DocumentPanel }) {
  return <EditorPage documentPanel={documentPanel} useDocument={useSwms} what="this SWMS" Editor={SwmsEditor} />;
}

function SwmsEditor({ userId, initial, documentPanel, onReload }: EditorProps<Swms>) {
  const navigate = useNavigate();
  const editor = useDocumentEditor({ userId, initial, onReload }, swmsEditing);
  const { server, autosave, change } = editor;
  const { body } = autosave.body;
  const set = <K extends keyof SwmsBody>(key: K, value: SwmsBody[K]) =>
    change({ ...autosave.body, body: { ...body, [key]: value } });
  const text = textProps(body, set);
  const textList = (key: keyof typeof textLists) => {
    const { title, ...words } = textLists[key];
    return (
      <FormSection level={3} title={title}>
        <TextListField items={body[key]} onChange={(items) => set(key, items)} {...words} />
      </FormSection>
    );
  };
  const section = useSection(swmsSections);
  const createCoverSheet = useCreateCoverSheetMutation(userId, (sheet) =>
    navigate(`/swms/cover-sheet/edit/${sheet.id}`),
  );
  const remove = useDeleteSwmsMutation(userId, server.id, () => {
    toast({ title: 'SWMS deleted' });
    navigate('/swms');
  });

  const sectionContent = () => {
    switch (swmsSections[section.index]?.key) {
      case 'hrcw':
        return (
          <fieldset className="flex flex-col">
            <legend className="mb-1 text-sm text-slate-600 dark:text-slate-300">
              Tick every category the work involves (at least one).
            </legend>
            {hrcwCategoryKeys.map((category) => (
              <Checkbox
                key={category}
                label={hrcwCategories[category]}
                checked={body.hrcw_categories.includes(category)}
                onChange={(checked) =>
                  set(
                    'hrcw_categories',
                    checked
                      ? hrcwCategoryKeys.filter((key) => key === category || body.hrcw_categories.includes(key))
                      : body.hrcw_categories.filter((key) => key !== category),
                  )
                }
              />
            ))}
          </fieldset>
        );
      case 'steps':
        return <JobStepsEditor steps={body.steps} onChange={(steps) => set('steps', steps)} />;
      case 'ppe':
        return (
          <>
            {textList('ppe')}
            <FormSection level={3} title="Plant and equipment">
              <PlantEditor items={body.plant} onChange={(items) => set('plant', items)} />
            </FormSection>
            <FormSection level={3} title="Hazardous substances">
              <SubstancesEditor items={body.substances} onChange={(items) => set('substances', items)} />
            </FormSection>
            {textList('codes_of_practice')}
          </>
        );
      case 'people':
        return (
          <>
            {textList('qualifications')}
            <FormSection level={3} title="Emergency procedures">
              <TextArea
                label="Emergency procedures"
                maxLength={SWMS_LIMITS.longText}
                rows={4}
                grow
                {...text('emergency_procedures')}
              />
            </FormSection>
          </>
        );
      case 'review':
        return (
          <>
            <MissingList missing={server.missing} what="SWMS" />
            <FormSection level={3} title="Template">
              <Checkbox
                label="Save as a template for new SWMS"
                checked={autosave.body.is_template}
                onChange={(checked) => change({ ...autosave.body, is_template: checked })}
              />
            </FormSection>

            <SigningSection
              documentPanel={documentPanel}
              target={{ kind: 'swms', id: server.id, version: server.current_version }}
              level={3}
              notYet={
                server.is_template
                  ? 'A template is not sent for signing: start a SWMS from it and send that.'
                  : server.missing.length > 0
                    ? 'Once nothing required is missing, you can send this SWMS for signing.'
                    : undefined
              }
            />
            <FormSection level={3} title="Cover sheet">
              <p className="text-sm">
                A cover sheet goes in front of this SWMS in its PDF, for the principal contractor.
              </p>
              <Button
                variant="secondary"
                className="self-start"
                disabled={createCoverSheet.isPending}
                onClick={() =>
                  createCoverSheet.mutate([server.id], {
                    onError: (error) =>
                      toast({
                        title: 'Cover sheet not created',
                        description: requestErrorMessage(error),
                        variant: 'destructive',
                      }),
                  })
                }
              >
                Create a cover sheet for this SWMS
              </Button>
              <ActionProblem what="Cover sheet not created." error={createCoverSheet.error} />
              <Link to="/swms/cover-sheet" className={textLinkClasses}>
                All cover sheets
              </Link>
            </FormSection>

            <VersionHistory userId={userId} swms={server} onDownload={(version) => void editor.pdf.start(version)} />

            {server.versions.every((version) => version.signature_count === 0) ? (
              <FormSection level={3} title="Delete">
                <Button
                  variant="danger"
                  className="self-start"
                  disabled={remove.isPending}
                  onClick={() => {
                    if (window.confirm('Delete this SWMS permanently?'))
                      remove.mutate(undefined, {
                        onError: (error) =>
                          toast({
                            title: 'Delete failed',
                            description: requestErrorMessage(error),
                            variant: 'destructive',
                          }),
                      });
                  }}
                >
                  Delete SWMS
                </Button>
                <ActionProblem what="Delete failed." error={remove.error} />
              </FormSection>
            ) : null}
          </>
        );
      default:
        return (
          <div className="flex flex-col gap-3">
            <TextField label="Title" maxLength={SWMS_LIMITS.shortText} {...text('title')} />
            <TextField
              label="Project / work location"
              maxLength={SWMS_LIMITS.itemText * 2}
              {...text('work_location')}
            />
            <TextArea label="Scope of work" maxLength={SWMS_LIMITS.longText} rows={4} grow {...text('scope_of_work')} />
            <TextField
              label="Person responsible for compliance"
              maxLength={SWMS_LIMITS.shortText}
              {...text('person_responsible')}
            />
            <TextField label="Reviewer" maxLength={SWMS_LIMITS.shortText} {...text('reviewer')} />
            <div className="grid gap-3 sm:grid-cols-2">
              <DateField
                label="Date prepared"
                value={body.date_prepared}
                onChange={(date) => set('date_prepared', date)}
              />
              <DateField label="Review date" value={body.review_date} onChange={(date) => set('review_date', date)} />
            </div>
          </div>
        );
    }
  };

  return (
    <DocumentEditorShell
      editor={editor}
      title={`SWMS ${server.number}`}
      what="this SWMS"
      allLink={{ to: '/swms', label: 'All SWMS' }}
      signers="the crew"
      compared={(editable) => editable.body}
    >
      <SectionStepper sections={swmsSections} index={section.index} go={section.go} label="SWMS sections">
        {sectionContent()}
      </SectionStepper>
    </DocumentEditorShell>
  );
}
