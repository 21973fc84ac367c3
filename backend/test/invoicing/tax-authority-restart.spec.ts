import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createApp } from '../../src/app.factory.js';
import { loadConfig } from '../../src/config/config.js';
import { registerOwner } from '../support/accounts.js';
import { bounded } from '../support/bounded-close.js';
import { startTaxAuthorityStandIn, type TaxAuthorityStandIn } from '../support/tax-authority-stand-in.js';
import type { TestApp } from '../support/test-app.js';
import {
  connectionsOf,
  connectThrough,
  invoiceOf,
  PORTAL,
  statusOf,
  taxAuthorityEnv,
} from './tax-authority-support.js';

// The grant outlives the process (decision 047): the app is stopped and started again on the same embedded database
// (on disk in DATA_DIR, with the secrets' key made beside it), and a new adapter loads the grant from the table.

let standIn: TaxAuthorityStandIn;
let dataDir: string;

beforeAll(async () => {
  standIn = await startTaxAuthorityStandIn(PORTAL);
  dataDir = mkdtempSync(join(tmpdir(), 'tafrit-grants-'));
});
afterAll(async () => {
  await standIn.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The product on DATA_DIR's embedded database, listening on a loopback port, as a test app. */
async function start(): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    TRUST_PROXY: 'true',
    ...taxAuthorityEnv(standIn),
  });
  const started = await createApp(config);
  await started.app.listen({ port: 0, host: '127.0.0.1' });
  const address = started.app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { ...started, config, url: `http://127.0.0.1:${port}`, close: () => started.app.close() };
}

describe('a kept grant across a restart', () => {
  it('is loaded from the table by the new process: a number without signing in again', async () => {
    const first = await start();
    let owner;
    try {
      connectionsOf(first, standIn);
      owner = await registerOwner(first);
      expect(await connectThrough(first, '/api/owner/tax-authority/connect', owner.token)).toMatchObject({
        location: '/settings?taxAuthority=connected',
      });
    } finally {
      await bounded('the first app', first.close(), 60_000);
    }
    const authorizations = standIn.seen.tokenGrants.filter((grant) => grant === 'authorization_code').length;

    const second = await start();
    try {
      const connections = connectionsOf(second, standIn);
      expect(await statusOf(second, '/api/owner/tax-authority', owner.token)).toMatchObject({ connected: true });
      const answer = await connections.of({ businessPhone: owner.phone }).request(invoiceOf(randomUUID()));
      expect(answer).toMatchObject({ kind: 'granted', number: expect.stringMatching(/^\d{9}$/) });
      // Renewed with the kept refresh token; nobody signed in at the Authority again.
      expect(standIn.seen.tokenGrants.filter((grant) => grant === 'authorization_code')).toHaveLength(authorizations);
      expect(standIn.seen.tokenGrants.at(-1)).toBe('refresh_token');
    } finally {
      await bounded('the second app', second.close(), 60_000);
    }
  }, 120_000);
});
