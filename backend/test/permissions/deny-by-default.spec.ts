import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { Controller, Delete, Get, Post, Put, type Type, UseGuards } from '@nestjs/common';
import { Test, type TestingModule } from '@nestjs/testing';
import { ConfigModule } from '../../src/config/config.module.js';
import { loadConfig } from '../../src/config/config.js';
import { AuthModule } from '../../src/platform/auth/auth.module.js';
import { AdminGuard, OwnerGuard } from '../../src/platform/auth/guards.js';
import { assertEveryOwnerRouteHasAPermission, declaredRoutes, Permission } from '../../src/platform/auth/permission.js';
import { SESSION_DIRECTORY } from '../../src/platform/auth/session-directory.port.js';

// Deny by default (issue 31, decision 043): the start check the app runs after its modules are initialised
// (app.factory.ts), on controllers made for the test, in a Nest module with the real guards and the real check.

const dataDir = mkdtempSync(join(tmpdir(), 'tafrit-deny-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** The controllers of a small app; the guards are built (never asked: no request is made). */
async function appWith(...controllers: Type[]): Promise<TestingModule> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-test-secret-test-secret-1234',
  });
  return Test.createTestingModule({
    imports: [ConfigModule.forRoot(config), AuthModule],
    controllers,
    // The guards' session lookup, which the accounts module provides in the app; nothing here asks it.
    providers: [{ provide: SESSION_DIRECTORY, useValue: {} }],
  }).compile();
}

@Controller('api/declared')
@UseGuards(OwnerGuard)
@Permission('menu.edit')
class DeclaredController {
  @Get()
  @Permission('menu.read')
  list() {}

  @Post()
  add() {}
}

@Controller('api/forgotten')
@UseGuards(OwnerGuard)
class ForgottenController {
  @Get()
  list() {}

  @Put(':id')
  @Permission('menu.edit')
  change() {}

  @Delete(':id')
  remove() {}
}

@Controller('api/half')
class MethodGuardedController {
  @Post('open')
  open() {}

  @Post('guarded')
  @UseGuards(OwnerGuard)
  guarded() {}
}

@Controller('api/other')
class OtherAudiencesController {
  @Get('admin')
  @UseGuards(AdminGuard)
  admin() {}

  @Get('public')
  public() {}
}

describe('an owner route without a declared permission', () => {
  it('stops the start, naming every such route and no other', async () => {
    const app = await appWith(
      DeclaredController,
      ForgottenController,
      MethodGuardedController,
      OtherAudiencesController,
    );
    let refusal: unknown;
    try {
      assertEveryOwnerRouteHasAPermission(app);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(Error);
    const message = (refusal as Error).message;
    for (const route of ['GET /api/forgotten', 'DELETE /api/forgotten/:id', 'POST /api/half/guarded']) {
      expect(message).toContain(route);
    }
    for (const path of ['/api/declared', 'PUT /api/forgotten', '/api/half/open', '/api/other']) {
      expect(message).not.toContain(path);
    }
    await app.close();
  });

  it('lets an app start whose owner routes all name one; routes of other audiences need none', async () => {
    const app = await appWith(DeclaredController, OtherAudiencesController);
    expect(() => assertEveryOwnerRouteHasAPermission(app)).not.toThrow();
    await app.close();
  });
});

describe('the declared routes', () => {
  it("list each route's guards and its permission, a method's own before its controller's", async () => {
    const app = await appWith(DeclaredController, ForgottenController, OtherAudiencesController);
    const routes = declaredRoutes(app).map(({ method, path, guards, permission }) => ({
      key: `${method} ${path}`,
      guards,
      permission,
    }));
    expect(routes.sort((a, b) => a.key.localeCompare(b.key))).toEqual([
      { key: 'DELETE /api/forgotten/:id', guards: ['OwnerGuard'], permission: undefined },
      { key: 'GET /api/declared', guards: ['OwnerGuard'], permission: 'menu.read' },
      { key: 'GET /api/forgotten', guards: ['OwnerGuard'], permission: undefined },
      { key: 'GET /api/other/admin', guards: ['AdminGuard'], permission: undefined },
      { key: 'GET /api/other/public', guards: [], permission: undefined },
      { key: 'POST /api/declared', guards: ['OwnerGuard'], permission: 'menu.edit' },
      { key: 'PUT /api/forgotten/:id', guards: ['OwnerGuard'], permission: 'menu.edit' },
    ]);
    await app.close();
  });
});
