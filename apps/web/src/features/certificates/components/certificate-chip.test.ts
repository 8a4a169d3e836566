import { errorCodes } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { certificateChip, outboxChip } from './certificate-chip.ts';

describe('a certificate in a list, as its status chip says it', () => {
  const completed = { status: 'completed', version: 1, signed: false } as const;

  it('says the most telling state first: waiting, then signed, then amended', () => {
    expect(certificateChip({ ...completed, version: 3, signed: true }, true)).toEqual({
      tone: 'neutral',
      words: 'Waiting to sync',
    });
    expect(certificateChip({ ...completed, version: 3, signed: true }, false)).toEqual({
      tone: 'success',
      words: 'Signed',
    });
    expect(certificateChip({ ...completed, version: 3 }, false)).toEqual({
      tone: 'info',
      words: 'Amended (version 3)',
    });
  });

  it('else says in review, draft or completed', () => {
    expect(certificateChip({ ...completed, status: 'in_review' }, false)).toEqual({ tone: 'info', words: 'In review' });
    expect(certificateChip(completed, false)).toEqual({ tone: 'brand', words: 'Completed' });
    expect(certificateChip({ ...completed, status: 'draft' }, false)).toEqual({ tone: 'warning', words: 'Draft' });
  });
});

describe('a certificate the server does not have yet, as its chip says it', () => {
  it('waits to sync, or says why the server refused it', () => {
    expect(outboxChip()).toEqual({ tone: 'neutral', words: 'Waiting to sync' });
    expect(outboxChip({ code: errorCodes.monthlyLimitReached })).toEqual({
      tone: 'danger',
      words: 'Monthly limit reached',
    });
    expect(outboxChip({ code: errorCodes.issuerIncomplete })).toEqual({
      tone: 'danger',
      words: 'Issuer details missing',
    });
    // A complete queued before the business turned review before issue on (ADR 0077).
    expect(outboxChip({ code: errorCodes.reviewRequired })).toEqual({ tone: 'danger', words: 'Submit for review' });
    expect(outboxChip({ code: errorCodes.conflict })).toEqual({ tone: 'danger', words: 'Not sent' });
  });
});
