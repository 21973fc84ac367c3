// The shared table's live sync (issue 34): five phones at one of the demo café's shared tables, each with its socket;
// one adds lines through the HTTP route, and each line is timed from the POST's start until each of the other four
// sockets has it. Budget: p95 at most 1 s.
import { createHmac, hkdfSync, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { io } from 'socket.io-client';
import { startProduct } from './servers.mjs';

const DEPARTMENT = 'demo';
const TABLE = 7;
const CLIENTS = 5;

/** The poster's key of a table, as the product computes it (decision 055), from the product's own secret. */
function tableKey(jwtSecret, departmentId, number, generation = 0) {
  const key = Buffer.from(hkdfSync('sha256', jwtSecret, 'tafrit', 'tafrit/table-keys', 32));
  return createHmac('sha256', key).update(`${departmentId}|${number}|${generation}`).digest('base64url').slice(0, 16);
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

export async function benchTableSync({ adds = 200, log }) {
  const product = await startProduct({ embedded: true, countSql: false, seedDemo: true });
  const sockets = [];
  try {
    const secret = process.env.JWT_SECRET ?? readFileSync(join(product.dataDir, 'jwt-secret'), 'utf8').trim();
    const key = tableKey(secret, DEPARTMENT, TABLE);
    const table = `${product.url}/api/tables/${DEPARTMENT}/${TABLE}`;
    // The demo café is seeded after the start: its tables answer once they are chosen.
    const deadline = Date.now() + 120_000;
    let menu;
    for (;;) {
      const answer = await fetch(`${table}?key=${key}`);
      if (answer.ok) {
        menu = await (await fetch(`${product.url}/api/menu/${DEPARTMENT}`)).json();
        break;
      }
      if (Date.now() > deadline) throw new Error(`the demo table never opened: ${answer.status}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const products = (menu.data?.products ?? menu.products ?? []).filter(
      (product) => !product.soldOut && (product.optionGroups ?? []).every((group) => group.minChoices === 0),
    );
    if (products.length === 0) throw new Error('the demo menu has no product to add without a choice');
    const arrivals = new Map();
    for (let n = 0; n < CLIENTS; n++) {
      const socket = io(`${product.url}/table`, {
        transports: ['websocket'],
        auth: { departmentId: DEPARTMENT, table: TABLE, key },
        reconnection: false,
        forceNew: true,
      });
      await new Promise((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      const index = n;
      socket.on('table.state', (state) => {
        const now = performance.now();
        for (const line of state.cart.lines) {
          const seen = arrivals.get(line.lineId);
          if (seen && !seen.has(index)) seen.set(index, now);
        }
      });
      sockets.push(socket);
    }
    const cookie = { value: '' };
    const latencies = [];
    const started = new Map();
    log?.(`table sync: ${adds} adds at table ${TABLE} of the demo café, ${CLIENTS} sockets`);
    for (let n = 0; n < adds; n++) {
      // A cart holds 200 lines: a fresh cart (the table's next party) is not the point here, so at most 190 a cart.
      const lineId = randomUUID();
      arrivals.set(lineId, new Map());
      const product = products[n % products.length];
      const start = performance.now();
      started.set(lineId, start);
      const answer = await fetch(`${table}/lines?key=${key}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(cookie.value ? { cookie: cookie.value } : {}) },
        body: JSON.stringify({ lineId, productId: product.id, quantity: 1 }),
      });
      const set = answer.headers.get('set-cookie');
      if (set) cookie.value = set.split(';')[0];
      if (answer.status === 409) {
        // Full: the cart's lines are removed by their diner (the same session), and the run goes on.
        const state = (await (await fetch(`${table}?key=${key}`, { headers: { cookie: cookie.value } })).json()).data;
        for (const line of state.cart.lines) {
          await fetch(`${table}/lines/${line.lineId}?key=${key}`, {
            method: 'DELETE',
            headers: { cookie: cookie.value },
          });
        }
        arrivals.delete(lineId);
        n--;
        continue;
      }
      if (answer.status !== 201) throw new Error(`add answered ${answer.status}: ${await answer.text()}`);
      // The others (sockets 1 to 4; socket 0 is the adder's own phone).
      const until = Date.now() + 5_000;
      while ([1, 2, 3, 4].some((index) => !arrivals.get(lineId).has(index)) && Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
      for (const index of [1, 2, 3, 4]) {
        const at = arrivals.get(lineId).get(index);
        latencies.push(at === undefined ? 5_000 : at - start);
      }
    }
    const sorted = latencies.sort((a, b) => a - b);
    const result = {
      adds,
      clients: CLIENTS,
      deliveries: sorted.length,
      p50Ms: Math.round(percentile(sorted, 50) * 10) / 10,
      p95Ms: Math.round(percentile(sorted, 95) * 10) / 10,
      maxMs: Math.round(sorted[sorted.length - 1] * 10) / 10,
    };
    log?.(`  p50 ${result.p50Ms} ms, p95 ${result.p95Ms} ms, max ${result.maxMs} ms over ${result.deliveries}`);
    return result;
  } finally {
    for (const socket of sockets) socket.close();
    await product.stop();
  }
}
