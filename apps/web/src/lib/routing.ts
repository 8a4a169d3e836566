import { type ComponentType, lazy } from 'react';
import { loadQueryClient } from './query-client.ts';

/** Who may open a route: anyone, or a member (a visitor without a session is sent to /login and back). */
type RouteAccess = 'public' | 'member';

/** One route of PRODUCT.md, Routes, with its page. */
export type PageRoute = {
  path: string;
  title: string;
  access: RouteAccess;
  Page: ComponentType;
  /** Starts loading the page's code before it renders (app/App.tsx, while the query client loads). */
  preload: () => void;
};

type PageLoader = () => Promise<{ default: ComponentType }>;
/** The names in a pages module whose page takes no props: those a route can show. */
type PageName<Pages> = { [Name in keyof Pages]: Pages[Name] extends PageLoader ? Name : never }[keyof Pages] & string;
type RouteEntry<Pages> = {
  path: string;
  title: string;
  access: RouteAccess;
  page: PageName<Pages>;
  /**
   * A public page whose visitor reads and sends without the query cache, so it opens without
   * loading it (ADR 0097). Any other page waits for the query client with its own chunks.
   */
  withoutQueryClient?: true;
};

/**
 * A feature's route entries (or app/'s, for the pages it composes). The page-weight rule lives here:
 * every page loads through its feature's small `pages.ts` (`export const pages = { name: () =>
 * import('./NamePage.tsx') }`), never straight from a route entry. Vite writes each dynamic
 * import's list of chunks to preload into the module holding the import; route entries are in
 * the entry chunk every page pays for (PRODUCT.md, Budgets), and `pages.ts` is not. The
 * price is one small request before a page's own chunks.
 */
export function featureRoutes<Pages extends Record<string, () => Promise<unknown>>>(
  loadPages: () => Promise<{ pages: Pages }>,
  entries: readonly RouteEntry<Pages>[],
): PageRoute[] {
  const loaded = new Map<string, Pick<PageRoute, 'Page' | 'preload'>>();
  const pageNamed = (name: PageName<Pages>, withoutQueryClient: boolean) => {
    let page = loaded.get(name);
    if (!page) {
      let loading: ReturnType<PageLoader> | undefined;
      const load = () => {
        loading ??= Promise.all([loadPages(), withoutQueryClient ? undefined : loadQueryClient()]).then(([{ pages }]) =>
          (pages[name] as PageLoader)(),
        );
        return loading;
      };
      page = { Page: lazy(load), preload: () => void load().catch(() => undefined) };
      loaded.set(name, page);
    }
    return page;
  };
  return entries.map(({ page, withoutQueryClient, ...route }) => ({
    ...route,
    ...pageNamed(page, withoutQueryClient === true),
  }));
}
