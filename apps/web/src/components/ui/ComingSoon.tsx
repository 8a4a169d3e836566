import { PageTitle } from './PageTitle.tsx';

/** Stand-in for a screen that is routed but not built yet: says so plainly, shows no fake data. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <section className="mx-auto max-w-3xl px-4 py-10">
      <PageTitle>{title}</PageTitle>
      <p className="mt-3 text-slate-600 dark:text-slate-300">This part of TradeCert is coming soon.</p>
    </section>
  );
}
