import { Fragment, type ReactNode } from 'react';

/**
 * Pieces of a line (a name, a company, an email, a status) joined by " · ", each in its own `<bdi>`:
 * a right-to-left name next to left-to-right text would otherwise pull the separators and the
 * next piece to its side (ADR 0059). Empty pieces are left out.
 */
export function JoinedText({ parts }: { parts: readonly ReactNode[] }) {
  return parts.filter(Boolean).map((part, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: a line's pieces are fixed in order; their place is their identity.
    <Fragment key={index}>
      {index > 0 ? ' · ' : null}
      <bdi>{part}</bdi>
    </Fragment>
  ));
}
