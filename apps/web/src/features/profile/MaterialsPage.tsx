import type { Profile } from '@app/contract';
import { ListEditor } from '../../components/ui/ListEditor.tsx';
import { PageTitle } from '../../components/ui/PageTitle.tsx';
import { SaveStatus } from '../../components/ui/SaveStatus.tsx';
import { WithProfile } from './components/WithProfile.tsx';
import { useCommonMaterials } from './hooks/use-common-materials.ts';

export default function MaterialsPage() {
  return <WithProfile what="your materials" screen={MaterialsScreen} />;
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
