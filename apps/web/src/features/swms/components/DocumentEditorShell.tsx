import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ActionProblem } from '../../../components/ui/ActionProblem.tsx';
import { Button, textLinkClasses } from '../../../components/ui/Button.tsx';
import type { DocumentPanel } from '../../../lib/document-panel.ts';
import type { DocumentEditor } from '../use-document-editor.ts';
import { AutosaveNotice } from './AutosaveNotice.tsx';
import { PhoneCopyChoice } from './PhoneCopyChoice.tsx';
import { FormSection, IssuedNotice, StatusBadge, SwmsFrame } from './SwmsFrame.tsx';

type ShownDocument = {
  id: string;
  revision: number;
  issued: boolean;
  current_version: number;
  status: Parameters<typeof StatusBadge>[0]['status'];
};

/**
 * The frame of an autosaving document's page (a SWMS, a cover sheet): the PDF download, the
 * version and how its saving stands, discarding a draft version, the question before an issued
 * version changes, and the choice when typing kept on the phone meets a newer copy. The page puts
 * its own form inside.
 */
export function DocumentEditorShell<Body, Doc extends ShownDocument>({
  editor,
  title,
  what,
  allLink,
  signers,
  compared = (body) => body,
  children,
}: {
  editor: DocumentEditor<Body, Doc>;
  title: string;
  /** e.g. "this SWMS". */
  what: string;
  /** The list of its kind, linked beside the version. */
  allLink: { to: string; label: string };
  /** Who must sign the next version again, e.g. "the crew". */
  signers: string;
  /** The part of the body the phone's copy is compared by, when it is not all of it. */
  compared?: (body: Body) => unknown;
  children: ReactNode;
}) {
  const { server, autosave, pdf, discard } = editor;
  if (autosave.phoneCopy) {
    return (
      <SwmsFrame title={title}>
        <PhoneCopyChoice
          copy={autosave.phoneCopy}
          mine={compared(autosave.phoneCopy.body)}
          saved={compared(autosave.body)}
          what={what}
        />
      </SwmsFrame>
    );
  }
  return (
    <SwmsFrame
      title={title}
      actions={
        <Button onClick={() => void pdf.start()} disabled={pdf.downloading}>
          {pdf.downloading ? 'Preparing PDF...' : 'Download PDF'}
        </Button>
      }
    >
      <ActionProblem what="Download failed." error={pdf.failure} />
      {/* The save status shares the version's line: a line of its own left an empty band above the sections. */}
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <StatusBadge status={server.status} />
        <span>
          Version {server.current_version} (current) ·{' '}
          <Link to={allLink.to} className={textLinkClasses}>
            {allLink.label}
          </Link>
        </span>
        <AutosaveNotice autosave={autosave} onReload={editor.onReload} />
        {discard.button}
      </div>
      <IssuedNotice document={server} signers={signers} />
      {editor.versionQuestion}
      {discard.dialog}
      {children}
    </SwmsFrame>
  );
}

/**
 * Where the signing panel goes once the document can be sent; until then, why not. The panel has
 * its own "Signatures" and "Send for signing" headings.
 */
export function SigningSection({
  documentPanel,
  target,
  notYet,
  level,
}: {
  documentPanel: DocumentPanel | undefined;
  target: Parameters<DocumentPanel>[0];
  /** Why it cannot be sent yet, if it cannot. */
  notYet: string | undefined;
  level?: 2 | 3;
}) {
  if (!documentPanel) return null;
  if (notYet === undefined) return documentPanel(target);
  return (
    <FormSection level={level} title="Signatures">
      <p className="text-sm">{notYet}</p>
    </FormSection>
  );
}
