import { COMMON_MATERIAL_MAX_LENGTH, commonMaterialProblem, type Profile } from '@app/contract';
import { useState } from 'react';
import { requestErrorMessage } from '../../../lib/request-errors.ts';
import { useUpdateProfileMutation } from '../api/update-profile.ts';

/**
 * The common materials list as the user edits it, as props for a ListEditor and its SaveStatus.
 * Each change is saved at once (writes queue up in order); the list on screen is the user's, so
 * a failed save loses nothing and can be retried.
 */
export function useCommonMaterials(profile: Profile) {
  const [materials, setMaterials] = useState(profile.common_materials);
  const save = useUpdateProfileMutation();
  const saveList = (list: string[]) => save.mutate({ common_materials: list });
  return {
    editor: {
      items: materials,
      onChange: (next: string[]) => {
        setMaterials(next);
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
      error: save.isError ? requestErrorMessage(save.error) : undefined,
      onRetry: () => saveList(materials),
    },
  };
}
