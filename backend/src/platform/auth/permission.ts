import { type INestApplicationContext, SetMetadata } from '@nestjs/common';
import { GUARDS_METADATA, METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import type { Permission as PermissionName } from '@tafrit/contracts';

export const PERMISSION_KEY = 'tafrit:permission';

/** A route's handler or its controller class, as Nest's reflector reads metadata from them. */
type Target = Parameters<Reflector['getAllAndOverride']>[1][number];

/**
 * `@Permission('menu.edit')` on a route (or a controller, as the default its methods may override): what the caller's
 * role must include (`ROLE_PERMISSIONS` in the contracts). Metadata only: `OwnerGuard` reads it before any pipe, so a
 * refused member never has their body read. A route behind `OwnerGuard` without one refuses to start (deny by default).
 */
export const Permission = (permission: PermissionName): ClassDecorator & MethodDecorator =>
  SetMetadata(PERMISSION_KEY, permission);

export function permissionOf(reflector: Reflector, handler: Target, controller: Target): PermissionName | undefined {
  const found: unknown = reflector.getAllAndOverride(PERMISSION_KEY, [handler, controller]);
  return typeof found === 'string' ? (found as PermissionName) : undefined;
}

export interface DeclaredRoute {
  method: string;
  path: string;
  /** The guards' class names, the controller's and the method's. */
  guards: string[];
  permission: PermissionName | undefined;
}

const METHOD_NAMES = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'ALL', 'OPTIONS', 'HEAD', 'SEARCH'];

const joinPath = (...parts: unknown[]): string =>
  `/${parts
    .flatMap((part) => (Array.isArray(part) ? part : [part]))
    .filter((part): part is string => typeof part === 'string' && part !== '' && part !== '/')
    .map((part) => part.replace(/^\/+|\/+$/g, ''))
    .join('/')}`;

/** Every HTTP route the app's controllers declare, with its guards and permission (for the start check and tests). */
export function declaredRoutes(app: INestApplicationContext): DeclaredRoute[] {
  const discovery = app.get(DiscoveryService);
  const scanner = app.get(MetadataScanner);
  const reflector = app.get(Reflector);
  const routes: DeclaredRoute[] = [];
  for (const wrapper of discovery.getControllers()) {
    const controller = wrapper.metatype as (new (...args: never[]) => object) | undefined;
    if (!controller || !wrapper.instance) continue;
    const prefix: unknown = Reflect.getMetadata(PATH_METADATA, controller);
    const classGuards = (Reflect.getMetadata(GUARDS_METADATA, controller) ?? []) as Array<{ name?: string }>;
    const prototype = Object.getPrototypeOf(wrapper.instance) as Record<string, unknown>;
    for (const name of scanner.getAllMethodNames(prototype)) {
      const handler = prototype[name] as Target;
      const path: unknown = Reflect.getMetadata(PATH_METADATA, handler);
      const method: unknown = Reflect.getMetadata(METHOD_METADATA, handler);
      if (path === undefined || typeof method !== 'number') continue;
      const methodGuards = (Reflect.getMetadata(GUARDS_METADATA, handler) ?? []) as Array<{ name?: string }>;
      routes.push({
        method: METHOD_NAMES[method] ?? String(method),
        path: joinPath(prefix, path),
        guards: [...classGuards, ...methodGuards].map((guard) => guard.name ?? 'anonymous'),
        permission: permissionOf(reflector, handler, controller),
      });
    }
  }
  return routes;
}

/**
 * Deny by default (issue 31): every route behind `OwnerGuard` names its permission, or the app does not start. Asked
 * once the app is initialised (app.factory.ts); the route-audience test checks the same list against its table.
 */
export function assertEveryOwnerRouteHasAPermission(app: INestApplicationContext): void {
  const missing = declaredRoutes(app).filter((route) => route.guards.includes('OwnerGuard') && !route.permission);
  if (missing.length > 0) {
    throw new Error(
      `These owner routes declare no @Permission, so nobody may call them; add one: ${missing
        .map((route) => `${route.method} ${route.path}`)
        .join(', ')}`,
    );
  }
}
