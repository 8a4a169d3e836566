import { type CoverSheet, type CoverSheetBody, coverSheetBodySchema, SWMS_LIMITS } from '@app/contract';
import { Link } from 'react-router';
import { textLinkClasses } from '../../components/ui/Button.tsx';
import { Checkbox } from '../../components/ui/Checkbox.tsx';
import { PagedList } from '../../components/ui/PagedList.tsx';
import { TextArea } from '../../components/ui/TextArea.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import type { DocumentPanel } from '../../lib/document-panel.ts';
import { keptValuesParser } from '../../lib/kept-forms.ts';
import { loadedItems } from '../../lib/paged-lists.ts';
import { discardCoverSheetDraft } from './api/discard-cover-sheet-draft.ts';
import { fetchCoverSheet, useCoverSheet } from './api/get-cover-sheet.ts';
import { downloadCoverSheetPdf } from './api/get-cover-sheet-pdf.ts';
import { useSwmsPages } from './api/get-swms-list.ts';
import { saveCoverSheet } from './api/save-cover-sheet.ts';
import { rememberSavedCoverSheet } from './api/swms-keys.ts';
import { DateField } from './components/DateField.tsx';
import { DocumentEditorShell, SigningSection } from './components/DocumentEditorShell.tsx';
import { EditorPage, type EditorProps } from './components/EditorLoader.tsx';
import { FormSection, MissingList } from './components/SwmsFrame.tsx';
import { TextListField } from './components/TextListField.tsx';
import { type DocumentEditorConfig, useDocumentEditor } from './use-document-editor.ts';

/** The kind the signing panel knows a cover sheet by. */
const COVER_SHEET_KIND = 'cover_sheet';

/** /swms/cover-sheet/edit/:id: a cover sheet, saved as the user types. */
export default function CoverSheetEditPage({ documentPanel }: { documentPanel?: DocumentPanel }) {
  return (
    <EditorPage
      documentPanel={documentPanel}
      useDocument={useCoverSheet}
      what="this cover sheet"
      Editor={CoverSheetEditor}
    />
  );
}

const coverSheetEditing: DocumentEditorConfig<CoverSheetBody, CoverSheet> = {
  what: 'cover sheet',
  formKey: (id) => `cover-sheet:${id}`,
  bodyOf: (sheet) => sheet.body,
  parseBody: keptValuesParser(coverSheetBodySchema),
  save: (id, versioning, body) => saveCoverSheet(id, { ...versioning, body }),
  fetch: fetchCoverSheet,
  remember: rememberSavedCoverSheet,
  discardDraft: discardCoverSheetDraft,
  downloadPdf: downloadCoverSheetPdf,
};

type Section = 'business' | 'principal_contractor' | 'approved_by';
/** The text fields of a section (its dates have their own inputs). */
type TextKey<S extends Section> = {
  [K in keyof CoverSheetBody[S]]: CoverSheetBody[S][K] extends string ? K : never;
}[keyof CoverSheetBody[S]];

function CoverSheetEditor({ userId, initial, documentPanel, onReload }: EditorProps<CoverSheet>) {
  const editor = useDocumentEditor({ userId, initial, onReload }, coverSheetEditing);
  const { server, autosave, change } = editor;
  const body = autosave.body;
  // Page by page, like the SWMS list: an account with many SWMS can still reach its older ones.
  const swmsPages = useSwmsPages(userId, {});
  const shownSwms = loadedItems(swmsPages.data) ?? [];
  const coveredFurtherDown = swmsPages.hasNextPage
    ? body.swms_ids.filter((id) => !shownSwms.some((swms) => swms.id === id)).length
    : 0;
  const setIn = <S extends Section, K extends keyof CoverSheetBody[S]>(
    section: S,
    key: K,
    value: CoverSheetBody[S][K],
  ) => change({ ...body, [section]: { ...body[section], [key]: value } });
  const text = <S extends Section>(section: S, key: TextKey<S>, label: string, max: number = SWMS_LIMITS.shortText) => (
    <TextField
      label={label}
      value={String(body[section][key])}
      maxLength={max}
      onChange={(event) => change({ ...body, [section]: { ...body[section], [key]: event.target.value } })}
    />
  );
  return (
    <DocumentEditorShell
      editor={editor}
      title={`Cover sheet ${server.number}`}
      what="this cover sheet"
      allLink={{ to: '/swms/cover-sheet', label: 'All cover sheets' }}
      signers="its signers"
    >
      <MissingList missing={server.missing} what="cover sheet" />

      <FormSection title="SWMS covered">
        <fieldset className="flex flex-col gap-2">
          <legend className="sr-only">SWMS covered</legend>
          <PagedList
            list={swmsPages}
            what="SWMS"
            empty={
              <p>
                You have no SWMS yet.{' '}
                <Link to="/swms" className={textLinkClasses}>
                  Create one
                </Link>{' '}
                first.
              </p>
            }
          >
            {(items) =>
              items.map((swms) => (
                <li key={swms.id}>
                  <Checkbox
                    label={`${swms.number}: ${swms.title || 'Untitled SWMS'}`}
                    checked={body.swms_ids.includes(swms.id)}
                    onChange={(checked) =>
                      change({
                        ...body,
                        swms_ids: checked ? [...body.swms_ids, swms.id] : body.swms_ids.filter((id) => id !== swms.id),
                      })
                    }
                  />
                </li>
              ))
            }
          </PagedList>
          {coveredFurtherDown > 0 ? (
            <p className="text-sm">
              {coveredFurtherDown} more SWMS covered by this sheet {coveredFurtherDown === 1 ? 'is' : 'are'} further
              down the list: choose Load more to see {coveredFurtherDown === 1 ? 'it' : 'them'}.
            </p>
          ) : null}
        </fieldset>
      </FormSection>

      <FormSection title="Principal contractor">
        {text('principal_contractor', 'company', 'Principal contractor')}
        {text('principal_contractor', 'project_name', 'Project name')}
        {text('principal_contractor', 'site_address', 'Site address', SWMS_LIMITS.itemText)}
        {text('principal_contractor', 'project_manager', 'Project manager')}
        <DateField
          label="Date the SWMS was given to them"
          value={body.principal_contractor.date_given}
          onChange={(date) => setIn('principal_contractor', 'date_given', date)}
        />
      </FormSection>

      <FormSection title="Your business">
        {text('business', 'name', 'Business name')}
        {text('business', 'abn', 'ABN', 20)}
        {/* Lines, as on the profile: a one-line field would drop the line breaks the letterhead prints. */}
        <TextArea
          label="Business address"
          value={body.business.address}
          maxLength={SWMS_LIMITS.itemText}
          onChange={(event) => setIn('business', 'address', event.target.value)}
        />
        {text('business', 'phone', 'Phone', 50)}
        {text('business', 'email', 'Email')}
      </FormSection>

      <FormSection title="Approval and review">
        {text('approved_by', 'name', 'Approved by (name)')}
        {text('approved_by', 'position', 'Approver position')}
        <DateField
          label="Approval date"
          value={body.approved_by.date}
          onChange={(date) => setIn('approved_by', 'date', date)}
        />
        <TextField
          label="Person responsible for compliance"
          value={body.person_responsible}
          maxLength={SWMS_LIMITS.shortText}
          onChange={(event) => change({ ...body, person_responsible: event.target.value })}
        />
        <DateField
          label="Review date"
          value={body.review_date}
          onChange={(date) => change({ ...body, review_date: date })}
        />
      </FormSection>

      <FormSection title="Other attached documents">
        <TextListField
          items={body.other_documents}
          onChange={(items) => change({ ...body, other_documents: items })}
          noun="document"
          hint="e.g. SDS: membrane primer, test and tag register."
          emptyText="Only the SWMS above are attached."
        />
        <p className="text-sm">
          Attached:{' '}
          {[
            ...server.linked_swms.map((swms) => `${swms.number} (v${swms.current_version})`),
            ...body.other_documents,
          ].join(', ') || 'nothing yet'}
        </p>
      </FormSection>

      <SigningSection
        documentPanel={documentPanel}
        target={{ kind: COVER_SHEET_KIND, id: server.id, version: server.current_version }}
        notYet={
          server.missing.length > 0
            ? 'Once nothing required is missing, you can send this cover sheet for signing.'
            : undefined
        }
      />
    </DocumentEditorShell>
  );
}
