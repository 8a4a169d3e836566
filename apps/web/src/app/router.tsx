import { createBrowserRouter, type RouteObject } from 'react-router';
import { ComingSoon } from '../components/ui/ComingSoon.tsx';
import { RouteErrorScreen } from '../components/ui/RouteErrorScreen.tsx';
import { RequireAuth } from './layout/RequireAuth.tsx';
import { RootLayout } from './layout/RootLayout.tsx';
import type { RouteHandle } from './layout/route-handle.ts';
import { guardedRoutes, NotFoundPage, type PageRoute, publicRoutes } from './routes.tsx';

function toRouteObject({ path, title, Page }: PageRoute): RouteObject {
  const handle: RouteHandle = { title };
  return { path, handle, element: Page ? <Page /> : <ComingSoon title={title} /> };
}

export function createAppRouter() {
  return createBrowserRouter([
    {
      element: <RootLayout />,
      errorElement: <RouteErrorScreen />,
      children: [
        ...publicRoutes.map(toRouteObject),
        { element: <RequireAuth />, children: guardedRoutes.map(toRouteObject) },
        { path: '*', handle: { title: 'Page not found' } satisfies RouteHandle, element: <NotFoundPage /> },
      ],
    },
  ]);
}
