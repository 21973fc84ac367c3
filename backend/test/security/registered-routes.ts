import type { TestApp } from '../support/test-app.js';

export interface RegisteredRoute {
  method: string;
  path: string;
  /** `METHOD /path`, the key the security tables use. */
  key: string;
}

const LINE = /^((?:│ {3}| {4})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/;

/**
 * Every route the running Fastify instance has registered, read from its own route tree (`printRoutes`), so a new
 * controller or raw route shows up here without anyone remembering to list it. Fastify keeps no public list of its
 * routes and an `onRoute` hook would have to exist before the app registers them; the printed tree is the stable,
 * documented view. Each printed node's text continues its parent's path (`/api/printer/pair` then `ing-code`).
 * HEAD is left out: Fastify adds it to every GET. Routes whose parameters at the same place have different names
 * (`/api/orders/:departmentId/latest` and `/api/orders/:orderId/refunds`) share one node of the tree, printed with
 * both names (`:departmentId|:orderId`); each route still gets its own name, but the tree cannot say which is whose,
 * so the tables name those routes as the tree prints them.
 */
export function registeredRoutes(app: TestApp): RegisteredRoute[] {
  const tree = app.app.getHttpAdapter().getInstance().printRoutes({ commonPrefix: false });
  const stack: string[] = [];
  const routes: RegisteredRoute[] = [];
  for (const line of tree.split('\n')) {
    const match = LINE.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    const path = `${stack[depth - 1] ?? ''}${match[2] ?? ''}`;
    stack[depth] = path;
    stack.length = depth + 1;
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) {
      if (method !== 'HEAD') routes.push({ method, path, key: `${method} ${path}` });
    }
  }
  if (routes.length === 0) throw new Error(`no route could be read from the route tree:\n${tree}`);
  return routes;
}

/** The API's routes (`/api/...`), which the security tables must cover one by one. */
export const apiRoutes = (app: TestApp): RegisteredRoute[] =>
  registeredRoutes(app).filter((route) => route.path.startsWith('/api/'));

/** Keys registered but not in `known`, and keys in `known` that no longer exist: both mean a table is out of date. */
export function tableGaps(registered: readonly string[], known: readonly string[]) {
  return {
    unlisted: registered.filter((key) => !known.includes(key)).sort(),
    stale: known.filter((key) => !registered.includes(key)).sort(),
  };
}

/**
 * `/api/products/:id/availability` with its parameters filled from `values` (every parameter must have one); of a
 * shared node's names (`:departmentId|:orderId`) the first that has a value.
 */
export function fillPath(path: string, values: Record<string, string | number>): string {
  return path.replace(/:[A-Za-z]+(?:\|:[A-Za-z]+)*/g, (match) => {
    const names = match.split('|').map((name) => name.slice(1));
    const value = names.map((name) => values[name]).find((candidate) => candidate !== undefined);
    if (value === undefined) throw new Error(`no value for ${match} in ${path}`);
    return encodeURIComponent(String(value));
  });
}
