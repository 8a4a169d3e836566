import type { CertificateSummary } from '@app/contract';

/** What a certificate in the list is, as its chip says it (issue 27). */
export type CertificateChipState =
  | { kind: 'waiting' }
  | { kind: 'signed' }
  | { kind: 'amended'; version: number }
  | { kind: 'completed' }
  | { kind: 'draft' };

/**
 * One chip per row, the most telling state first: changes on this phone not yet sent, then signed,
 * then amended (past version 1), then draft or completed.
 */
export function chipStateOf(
  certificate: Pick<CertificateSummary, 'status' | 'version' | 'signed'>,
  waiting: boolean,
): CertificateChipState {
  if (waiting) return { kind: 'waiting' };
  if (certificate.signed) return { kind: 'signed' };
  if (certificate.version > 1) return { kind: 'amended', version: certificate.version };
  return { kind: certificate.status };
}

// Each pair passes WCAG AA contrast (axe) in light and dark; the words carry the state, never the colour alone.
const tones: Record<CertificateChipState['kind'], string> = {
  waiting: 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100',
  signed: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-50',
  amended: 'bg-sky-100 text-sky-900 dark:bg-sky-900 dark:text-sky-50',
  completed: 'bg-brand-50 text-brand-800 dark:bg-slate-800 dark:text-brand-100',
  draft: 'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-50',
};

function chipLabel(state: CertificateChipState): string {
  switch (state.kind) {
    case 'waiting':
      return 'Waiting to sync';
    case 'signed':
      return 'Signed';
    case 'amended':
      return `Amended (version ${state.version})`;
    case 'completed':
      return 'Completed';
    case 'draft':
      return 'Draft';
  }
}

/** Feature-local for now (components/ui gains a shared StatusChip elsewhere; the two may merge). */
export function CertificateStatusChip({ state }: { state: CertificateChipState }) {
  return (
    <span className={`inline-block rounded px-2 py-0.5 text-sm font-semibold ${tones[state.kind]}`}>
      {chipLabel(state)}
    </span>
  );
}
