import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';

/**
 * Gives every route of the tree that has none the same error element, so a failure shows the
 * app's own page at the level it happened (the layout around it stays) and never the router's
 * built-in one.
 */
export function withErrorElements(routes: RouteObject[], errorElement: ReactNode): RouteObject[] {
  return routes.map((route) => {
    const children = route.children && withErrorElements(route.children, errorElement);
    return { ...route, errorElement: route.errorElement ?? errorElement, children } as RouteObject;
  });
}
