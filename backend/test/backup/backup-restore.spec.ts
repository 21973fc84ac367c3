import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readdirSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { call } from '../support/http-client.js';
import { newPhone, signInAdmin } from '../support/accounts.js';
import { dinerPays, openCafe, type Cafe, type Traffic } from '../reliability/diner-traffic.js';
import {
  clientOf,
  productHost,
  runRebuild,
  waitUntilDrained,
  type ProductHost,
} from '../reliability/product-process.js';
import { openStoredDatabase } from '../reliability/stored-state.js';
import { BACKUP_COMMAND, documentNumbers, gapless, RESTORE_COMMAND, runCommand } from './backup-cli.js';

// Issue 35: `npm run backup` while diners order and pay, then `npm run restore` into another folder (or database).
// The built product and the built commands run as child processes, as in production. Each step opens a database
// afresh: slow on a loaded machine, hence the long timeouts.

let source: ProductHost;
let target: ProductHost | undefined;
let cafes: Cafe[];
let backupFile: string;
/** Orders the product acknowledged as paid before the backup command was started. */
let acknowledgedBefore: string[];
let slowestBefore = 0;
/** Signed in on the source: the restored product must accept it too (its signing secret came with the backup). */
let adminToken: string;
let slowestDuring = 0;

interface Paid {
  orderId: string;
  acknowledgedAt: number;
  startedAt: number;
  ms: number;
}

beforeAll(async () => {
  source = await productHost({ DAILY_BACKUP: 'false' });
  await source.start();
  const client = clientOf(source);
  cafes = [await openCafe(client, newPhone()), await openCafe(client, newPhone())];
  const traffic: Traffic = { acknowledged: [], interrupted: 0 };
  const deadline = Date.now() + 300_000;
  const paid: Paid[] = [];
  let n = 0;
  const pay = async () => {
    const startedAt = Date.now();
    const orderId = await dinerPays(client, cafes[n % 2]!, {
      traffic,
      ip: `10.35.${n >> 8}.${(n++ % 250) + 1}`,
      deadline,
    });
    paid.push({ orderId, startedAt, acknowledgedAt: Date.now(), ms: Date.now() - startedAt });
  };
  for (let i = 0; i < 4; i++) await pay();
  // The console's journal has the payments before the refunds (as a kitchen would see them), then a credit document
  // for each café: a refund of its first order.
  adminToken = (await signInAdmin(client)).token;
  await waitUntilDrained(source, adminToken);
  for (const [index, cafe] of cafes.entries()) {
    const refunded = await call(client, 'POST', `/api/orders/${paid[index]!.orderId}/refunds`, {
      token: cafe.owner.token,
      body: { reason: 'ביטול' },
    });
    expect(refunded.status).toBe(200);
  }
  // Orders keep flowing, one diner after another, while the backup is taken.
  let flowing = true;
  const flow = (async () => {
    while (flowing) await pay();
  })();
  while (paid.length < 6) await new Promise((resolve) => setTimeout(resolve, 20));
  const backupStartedAt = Date.now();
  const backup = await runCommand(BACKUP_COMMAND, [], source.env);
  const backupEndedAt = Date.now();
  expect(backup.stderr).toBe('');
  expect(backup.code).toBe(0);
  backupFile = backup.lastLine;
  const afterBackup = paid.length;
  while (paid.length < afterBackup + 2) await new Promise((resolve) => setTimeout(resolve, 20));
  flowing = false;
  await flow;
  acknowledgedBefore = paid.filter((order) => order.acknowledgedAt < backupStartedAt).map((order) => order.orderId);
  slowestBefore = Math.max(...paid.filter((order) => order.acknowledgedAt < backupStartedAt).map((order) => order.ms));
  slowestDuring = Math.max(
    ...paid
      .filter((order) => order.startedAt < backupEndedAt && order.acknowledgedAt > backupStartedAt)
      .map((o) => o.ms),
  );
  await source.stop();
}, 600_000);

afterAll(async () => {
  await target?.dispose();
  await source?.dispose();
});

describe('a backup taken while orders flow', () => {
  it('is one file in BACKUP_DIR, its path the last line printed', () => {
    expect(dirname(backupFile)).toBe(`${source.dataDir}/backups`);
    expect(basename(backupFile)).toMatch(/^tafrit-backup-\d{8}-\d{6}\.tar\.gz$/);
    expect(readdirSync(dirname(backupFile)).filter((name) => name.endsWith('.partial'))).toEqual([]);
  });

  it('keeps the orders flowing: none waited more than two seconds longer than before the backup', () => {
    expect(slowestDuring).toBeGreaterThan(0);
    expect(slowestDuring - slowestBefore).toBeLessThan(2_000);
  });

  it('restored into another folder, holds every acknowledged order, numbering continues without gap or repeat', async () => {
    target = await productHost({ DAILY_BACKUP: 'false' });
    const restored = await runCommand(RESTORE_COMMAND, [backupFile], target.env);
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.stdout).toMatch(/WARNING: invoices and credits issued after/);

    const before = await openStoredDatabase(target);
    const numbersBefore = await documentNumbers(before);
    const orders = await before.em().getConnection().execute<{ id: string }[]>('select id from orders');
    await before.close();
    const ids = new Set(orders.map((row) => row.id));
    expect(acknowledgedBefore.length).toBeGreaterThanOrEqual(6);
    expect(acknowledgedBefore.filter((id) => !ids.has(id))).toEqual([]);
    for (const cafe of cafes) {
      const numbers = numbersBefore.get(cafe.owner.phone)!;
      expect(gapless(numbers.invoices)).toBe(true);
      expect(numbers.credits).toEqual([1]);
      // The restore printed the very numbers the log holds.
      expect(restored.stdout).toContain(
        `business ${cafe.owner.phone}: last invoice ${numbers.invoices.at(-1)}, last credit 1`,
      );
    }

    // The restored product takes the next order with the next number.
    await target.start();
    const traffic: Traffic = { acknowledged: [], interrupted: 0 };
    await dinerPays(clientOf(target), cafes[0]!, { traffic, ip: '10.36.0.1', deadline: Date.now() + 120_000 });
    // The processors' read models (commissions, tax documents, numbers) catch up with the log before the stop.
    await waitUntilDrained(target, adminToken);
    await target.stop();
    const after = await openStoredDatabase(target);
    const numbersAfter = await documentNumbers(after);
    await after.close();
    const first = numbersAfter.get(cafes[0]!.owner.phone)!.invoices;
    expect(gapless(first)).toBe(true);
    expect(first.length).toBe(numbersBefore.get(cafes[0]!.owner.phone)!.invoices.length + 1);
  }, 600_000);

  it('restored, has read models equal to a rebuild from the log', async () => {
    const rebuilt = await runRebuild(target!);
    expect(rebuilt.output).not.toMatch(/differs/i);
    expect(rebuilt.code).toBe(0);
  }, 600_000);
});
