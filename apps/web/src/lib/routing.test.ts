import { describe, expect, it } from 'vitest';
import { featureRoutes } from './routing.ts';

const Page = () => null;

describe('featureRoutes', () => {
  it("keeps each entry's path, title and access, and loads nothing until a page renders", () => {
    let loads = 0;
    const routes = featureRoutes(async () => {
      loads += 1;
      return { pages: { one: async () => ({ default: Page }) } };
    }, [
      { path: '/a', title: 'A', access: 'public', page: 'one' },
      { path: '/b', title: 'B', access: 'member', page: 'one' },
    ]);
    expect(routes.map(({ path, title, access }) => ({ path, title, access }))).toEqual([
      { path: '/a', title: 'A', access: 'public' },
      { path: '/b', title: 'B', access: 'member' },
    ]);
    expect(loads).toBe(0);
    // Two paths to one page share one component, so moving between them does not remount it.
    expect(routes[0]?.Page).toBeDefined();
    expect(routes[1]?.Page).toBe(routes[0]?.Page);
  });

  it('preloads a page once, however often asked, and before it renders', async () => {
    let pagesLoads = 0;
    let pageLoads = 0;
    const [route] = featureRoutes(async () => {
      pagesLoads += 1;
      return {
        pages: {
          one: async () => {
            pageLoads += 1;
            return { default: Page };
          },
        },
      };
    }, [{ path: '/a', title: 'A', access: 'public', page: 'one', withoutQueryClient: true }]);
    route?.preload();
    route?.preload();
    // Every promise callback has run before the next macrotask.
    await new Promise((resolve) => setImmediate(resolve));
    expect({ pagesLoads, pageLoads }).toEqual({ pagesLoads: 1, pageLoads: 1 });
  });
});
