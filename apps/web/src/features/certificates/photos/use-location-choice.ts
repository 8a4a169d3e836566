import { useState } from 'react';

const keyOf = (userId: string) => `tradecert:record-photo-locations:${userId}`;

/**
 * Whether the user allowed photos to record where they were taken: off until they turn it on, and
 * remembered on this device for their next certificate.
 */
export function useLocationChoice(userId: string): [boolean, (record: boolean) => void] {
  const [record, setRecord] = useState(() => readChoice(userId));
  const choose = (next: boolean) => {
    setRecord(next);
    try {
      if (next) localStorage.setItem(keyOf(userId), 'yes');
      else localStorage.removeItem(keyOf(userId));
    } catch {
      // Storage full or blocked: the choice holds for this form only.
    }
  };
  return [record, choose];
}

function readChoice(userId: string): boolean {
  try {
    return localStorage.getItem(keyOf(userId)) === 'yes';
  } catch {
    return false;
  }
}
