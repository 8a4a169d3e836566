import { isRouteErrorResponse, useRouteError } from 'react-router';
import { PageTitle } from './PageTitle.tsx';

/** The router-level fallback, for errors outside any page (layout, routing). */
export function RouteErrorScreen() {
  const error = useRouteError();
  const summary = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  const stack = error instanceof Error ? error.stack : undefined;
  return (
    <main className="mx-auto max-w-2xl px-4 py-16">
      <PageTitle>Unexpected Application Error!</PageTitle>
      <p className="mt-3 text-lg text-red-700 dark:text-red-400">{summary}</p>
      {stack ? (
        // Wrapped rather than scrolled sideways: a scrolling box would need its own keyboard stop.
        <pre className="mt-4 whitespace-pre-wrap rounded-md bg-slate-100 p-4 text-xs dark:bg-slate-900">{stack}</pre>
      ) : null}
      <p className="mt-6">
        <a className="font-semibold text-brand-700 underline dark:text-brand-100" href="/">
          Go to the home page
        </a>
      </p>
    </main>
  );
}
