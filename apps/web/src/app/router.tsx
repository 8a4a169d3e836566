import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouteErrorScreen } from '../components/ui/RouteErrorScreen.tsx';
import type { PageRoute } from '../lib/routing.ts';
import { RequireAuth } from './layout/RequireAuth.tsx';
import { RootLayout } from './layout/RootLayout.tsx';
import type { RouteHandle } from './layout/route-handle.ts';
import { routes } from './routes.ts';

function toRouteObject({ path, title, Page, preload }: PageRoute): RouteObject {
  const handle: RouteHandle = { title, preload };
  return { path, handle, element: <Page /> };
}

export type AppRouter = ReturnType<typeof createAppRouter>;

export function createAppRouter() {
  return createBrowserRouter([
    {
      element: <RootLayout />,
      errorElement: <RouteErrorScreen />,
      children: [
        ...routes.filter((route) => route.access === 'public').map(toRouteObject),
        {
          element: <RequireAuth />,
          children: routes.filter((route) => route.access === 'member').map(toRouteObject),
        },
      ],
    },
  ]);
}
