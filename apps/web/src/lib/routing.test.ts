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
});
