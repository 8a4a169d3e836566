import type { Profile } from '@app/contract';
import { ListEditor } from '../../components/ui/ListEditor.tsx';
import { PageTitle } from '../../components/ui/PageTitle.tsx';
import { QueryView } from '../../components/ui/QueryView.tsx';
import { SaveStatus } from '../../components/ui/SaveStatus.tsx';
import { useProfileQuery } from '../../lib/profile/get-profile.ts';
import { useCommonMaterials } from './hooks/use-common-materials.ts';

export default function MaterialsPage() {
  const { query } = useProfileQuery();
  return (
    <QueryView query={query} what="your materials">
      {(profile) => <MaterialsScreen profile={profile} />}
    </QueryView>
  );
}

function MaterialsScreen({ profile }: { profile: Profile }) {
  const materials = useCommonMaterials(profile);
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-8">
      <div>
        <PageTitle>Common materials</PageTitle>
        <p className="mt-2 text-slate-600 dark:text-slate-300">
          The products you use on most jobs. They are filled in for you under &ldquo;Materials used&rdquo; when you
          start a new certificate, in this order, and you can still change them on each certificate. Changes are saved
          as you make them.
        </p>
      </div>
      <ListEditor {...materials.editor} />
      <SaveStatus {...materials.status} />
    </div>
  );
}
