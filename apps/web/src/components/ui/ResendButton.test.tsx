import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UNEXPECTED_ERROR_MESSAGE } from '../../lib/request-errors.ts';
import { toastStore } from './notifications/toast-store.ts';
import { ResendButton } from './ResendButton.tsx';

// No DOM in the unit project: the button's click handler is called as React would call it.
const click = (button: ReactElement) => (button.props as { onClick: () => void }).onClick();

describe('ResendButton', () => {
  afterEach(() => {
    vi.advanceTimersByTime(10_000);
    vi.useRealTimers();
  });

  it('toasts what was sent when the resend succeeds', () => {
    vi.useFakeTimers();
    const sent = { title: 'Invitation sent again', description: 'a@example.com has a new link.' };
    click(ResendButton({ pending: false, sent, resend: (outcome) => outcome.onSuccess() }));
    expect(toastStore.getSnapshot()).toEqual([expect.objectContaining({ ...sent, variant: 'default' })]);
  });

  it('toasts why not when the resend fails', () => {
    vi.useFakeTimers();
    const sent = { title: 'Sending again', description: 'The delivery is on its way.' };
    click(ResendButton({ pending: false, sent, resend: (outcome) => outcome.onError(new Error('refused')) }));
    expect(toastStore.getSnapshot()).toEqual([
      expect.objectContaining({
        title: 'Resend failed',
        description: UNEXPECTED_ERROR_MESSAGE,
        variant: 'destructive',
      }),
    ]);
  });
});
