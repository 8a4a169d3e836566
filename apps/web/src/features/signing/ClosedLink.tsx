import { type SignPage, signingMessages } from '@app/contract';
import { Column, DocumentSummary, formatDate, SignedCopyLink } from './sign-parts.tsx';

/**
 * What a link that can no longer sign shows: never an error page, but what happened and whom to
 * ask (part of /sign/:token, loaded only for such links).
 */
export default function ClosedLink({ page, token }: { page: SignPage; token: string }) {
  const company = <bdi>{page.company_name}</bdi>;
  switch (page.state) {
    case 'document_changed':
      return (
        <Column title="This document has changed">
          <DocumentSummary page={page} token={token} />
          <p role="alert" className="font-medium text-red-700 dark:text-red-400">
            {signingMessages.documentChanged}
          </p>
        </Column>
      );
    case 'signed':
      return (
        <Column title="Already signed">
          <p>You signed this on {formatDate(page.signed_at ?? '')}.</p>
          <SignedCopyLink token={token} />
          <DocumentSummary page={page} token={token} />
        </Column>
      );
    case 'declined':
      return (
        <Column title="Already declined">
          <p>You declined to sign this on {formatDate(page.declined_at ?? '')}.</p>
        </Column>
      );
    case 'expired':
      return (
        <Column title="This link has expired">
          <p>This link has expired. Ask {company} for a new one.</p>
        </Column>
      );
    case 'revoked':
      return (
        <Column title="This link was withdrawn">
          <p>{company} withdrew this link. Ask them for a new one if you still need to sign.</p>
        </Column>
      );
    case 'new_version':
      return (
        <Column title="There is a newer version">
          <p>
            {company} has made a new version of this document, so this link no longer works. Ask {company} to send you
            the new version.
          </p>
        </Column>
      );
    case 'site_closed':
      return (
        <Column title="This sign-on code no longer works">
          <p>
            The code was withdrawn, or the SWMS is being revised and is not ready to sign yet. Ask the person running
            the site.
          </p>
        </Column>
      );
    case 'site_full':
      return (
        <Column title="This sign-on sheet is full">
          <p>{signingMessages.siteSignOnFull}</p>
        </Column>
      );
    default:
      return null;
  }
}
