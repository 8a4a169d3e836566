import { BUNDLES_DISABLED_MESSAGE } from '@app/contract';
import { ActionProblem } from '../../components/ui/ActionProblem.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { toast } from '../../components/ui/notifications/index.ts';
import { PageTitle } from '../../components/ui/PageTitle.tsx';
import { requestErrorMessage } from '../../lib/request-errors.ts';
import { useCreateBundleMutation } from './api/create-bundle.ts';

/**
 * Document bundles are disabled (PRODUCT.md, States). The page says what a bundle would be and that
 * it is off; its button asks the server all the same and shows the answer, so the page never claims
 * more than the server does.
 */
export default function BundlesPage() {
  const createBundle = useCreateBundleMutation();
  const create = () =>
    createBundle.mutate(undefined, {
      onError: (error) =>
        toast({ title: 'Bundle not created', description: requestErrorMessage(error), variant: 'destructive' }),
    });
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-6 sm:py-10">
      <PageTitle>Document bundles</PageTitle>
      <p className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-3 font-semibold text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50">
        {BUNDLES_DISABLED_MESSAGE}
      </p>
      <div className="mt-6 flex flex-col gap-3 text-slate-700 dark:text-slate-300">
        <p>
          A bundle would gather the documents of one job into a single pack to hand over: its compliance certificates,
          its Safe Work Method Statements with their cover sheet, and their signed copies.
        </p>
        <p>
          Bundles are not available yet. Until they are, download or share each document from its own page: every
          completed certificate has its own PDF and a link anyone can open to check it.
        </p>
      </div>
      <Button className="mt-6" variant="secondary" disabled={createBundle.isPending} onClick={create}>
        Create bundle
      </Button>
      <div className="mt-3">
        <ActionProblem what="Bundle not created." error={createBundle.error} />
      </div>
    </section>
  );
}
