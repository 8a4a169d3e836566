import { COMMON_MATERIAL_MAX_LENGTH, commonMaterialProblem, type Profile } from '@app/contract';
import { useEffect, useState } from 'react';
import { z } from 'zod/mini';
import { forgetKeptForm, keepForm, keptValuesParser, readKeptForm } from '../../../lib/kept-forms.ts';
import { useUpdateProfileMutation } from '../../../lib/profile/update-profile.ts';
import { requestErrorMessage } from '../../../lib/request-errors.ts';

const MATERIALS_FORM = 'materials';
const parseMaterials = keptValuesParser(z.array(z.string()));

/**
 * The common materials list as the user edits it, as props for a ListEditor and its SaveStatus.
 * Each change is saved at once (writes queue up in order); the list on screen is the user's, so
 * a failed save loses nothing and can be retried. Until the server has it, the list is also kept
 * on this phone (lib/kept-forms.ts): after a reload with no signal it comes back and is saved, and
 * it is saved again by itself when the connection returns.
 */
export function useCommonMaterials(profile: Profile) {
  const userId = profile.id;
  const [materials, setMaterials] = useState(
    () => readKeptForm(localStorage, userId, MATERIALS_FORM, parseMaterials)?.values ?? profile.common_materials,
  );
  const save = useUpdateProfileMutation();
  const saveList = (list: string[]) =>
    save.mutate(
      { common_materials: list },
      {
        onSuccess: (saved) =>
          sameList(saved.common_materials, list) && forgetKeptForm(localStorage, userId, MATERIALS_FORM),
      },
    );
  const unsaved = !sameList(materials, profile.common_materials);

  // A list kept from an earlier visit is saved now, and any unsaved list once the connection is back.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the list as the page opened.
  useEffect(() => {
    if (unsaved) saveList(materials);
  }, []);
  useEffect(() => {
    if (!unsaved) return;
    const retry = () => saveList(materials);
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  });

  return {
    editor: {
      items: materials,
      onChange: (next: string[]) => {
        setMaterials(next);
        keepForm(localStorage, userId, MATERIALS_FORM, next);
        saveList(next);
      },
      validate: (candidate: string, replacing?: number) => commonMaterialProblem(materials, candidate, replacing),
      noun: 'material',
      addHint: 'Product and brand, e.g. “Ardex WPM 300 membrane, 2 coats”. Put the ones you use most at the top.',
      maxLength: COMMON_MATERIAL_MAX_LENGTH,
      emptyText: 'No materials yet. Add the membranes, primers and other products you use on most jobs.',
    },
    status: {
      saving: save.isPending,
      saved: save.isSuccess,
      error: save.isError
        ? `${requestErrorMessage(save.error)} The list is kept on this phone, and saved when the connection is back.`
        : undefined,
      onRetry: () => saveList(materials),
    },
  };
}

const sameList = (a: readonly string[], b: readonly string[]) => JSON.stringify(a) === JSON.stringify(b);
