import { coverSheetBodySchema, swmsBodySchema } from '@app/contract';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { z } from 'zod/mini';
import { forgetKeptForm, keptFormsStartingWith, keptValuesParser } from '../../lib/kept-forms.ts';
import { saveCoverSheet } from './api/save-cover-sheet.ts';
import { saveSwms } from './api/save-swms.ts';
import { rememberSavedCoverSheet, rememberSavedSwms } from './api/swms-keys.ts';

/*
 * SWMS and cover-sheet typing kept on this phone (use-autosave.ts) is saved from wherever the app
 * is, not only from its editor: when the app opens, when the connection returns and when it is
 * shown again (ADR 0036). A save the server refuses as stale stays kept: its editor offers both
 * versions when it is opened. An editor that is open saves its own typing, so it is left alone.
 */

const openEditors = new Set<string>();

/** An editor holds this kept typing (its own autosave saves it) until the returned function is called. */
export function holdKeptDocument(formKey: string): () => void {
  openEditors.add(formKey);
  return () => openEditors.delete(formKey);
}

const revisionOf = z.object({ revision: z.number() });
const keptSwms = keptValuesParser(
  z.object({ revision: z.number(), body: z.object({ body: swmsBodySchema, is_template: z.boolean() }) }),
);
const keptCoverSheet = keptValuesParser(z.object({ revision: z.number(), body: coverSheetBodySchema }));

async function saveKept(queryClient: QueryClient, userId: string, formKey: string, values: unknown) {
  const [kind, id = ''] = formKey.split(':');
  if (kind === 'swms') {
    const kept = keptSwms(values);
    if (!kept) return;
    rememberSavedSwms(queryClient, userId, await saveSwms(id, { revision: kept.revision, ...kept.body }));
  } else {
    const kept = keptCoverSheet(values);
    if (!kept) return;
    rememberSavedCoverSheet(
      queryClient,
      userId,
      await saveCoverSheet(id, { revision: kept.revision, body: kept.body }),
    );
  }
  forgetKeptForm(localStorage, userId, formKey);
}

let running = false;

/** Saves the user's kept SWMS and cover-sheet typing that no open editor holds, one at a time. */
async function saveKeptDocuments(queryClient: QueryClient, userId: string) {
  if (running || !navigator.onLine) return;
  running = true;
  try {
    const kept = [
      ...keptFormsStartingWith(localStorage, userId, 'swms:'),
      ...keptFormsStartingWith(localStorage, userId, 'cover-sheet:'),
    ].filter((entry) => !openEditors.has(entry.formKey) && revisionOf.safeParse(entry.values).success);
    for (const { formKey, values } of kept) {
      // Refused (changed elsewhere) or no answer: it stays kept, for the editor or the next try.
      await saveKept(queryClient, userId, formKey, values).catch(() => undefined);
    }
  } finally {
    running = false;
  }
}

/** Keeps saving the user's kept SWMS and cover-sheet typing for as long as it is mounted (the members' header). */
export function useKeptDocumentsSync(userId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const sync = () => void saveKeptDocuments(queryClient, userId);
    const whenVisible = () => {
      if (document.visibilityState === 'visible') sync();
    };
    sync();
    window.addEventListener('online', sync);
    document.addEventListener('visibilitychange', whenVisible);
    return () => {
      window.removeEventListener('online', sync);
      document.removeEventListener('visibilitychange', whenVisible);
    };
  }, [queryClient, userId]);
}
