import type { RouteObject } from 'react-router-dom';
import { routes } from './router';
import { SPA_ROUTES } from './spa-routes';

/** The full pattern of every route of the table that renders something, layouts left out. */
function flatten(table: RouteObject[], parent = ''): string[] {
  return table.flatMap((route) => {
    const path = route.index ? parent : route.path === undefined ? parent : `${parent}/${route.path}`.replace(/\/+/g, '/');
    const own = route.index || route.path !== undefined ? [path || '/'] : [];
    return [...own, ...(route.children ? flatten(route.children, path) : [])];
  });
}

describe('SPA_ROUTES', () => {
  it('lists exactly the router’s pages, the catch-all not-found page aside', () => {
    const table = [...new Set(flatten(routes))];
    // The catch-all is what the server's 404 stands for; it must stay in the router.
    expect(table).toContain('/*');
    expect([...SPA_ROUTES].sort()).toEqual(table.filter((path) => path !== '/*').sort());
  });
});
