// The public menu API on a menu of 150 products, beside a bare Fastify "hello" measured in the same run on the same
// machine; p99 at a fixed 1,000 requests per second of both in the same window (fixed-rate.mjs), and the menu's p99
// at that rate while orders flow.
//
// Fairness of the comparison (the machine is shared and noisy): both servers get the same load (10 connections, the
// same duration, the same accept-encoding), both are warmed first, and hello and the menu are measured alternately in
// two rounds, hello-menu then menu-hello, so a burst of outside load hurts both alike; each keeps the better of its two
// runs, and the ratio is the better menu over the better hello. Every run is kept in latest.json.
import autocannon from 'autocannon';
import { fixedRate } from './fixed-rate.mjs';
import { cpuMs } from './servers.mjs';

export const MENU_METHOD =
  'hello and menu alternated in 2 rounds (hello-menu, menu-hello) after warming both; better of each';

function run(seconds, options) {
  return new Promise((resolve, reject) => {
    // Browsers and phones always offer compression; the answer sizes below are what they receive.
    autocannon(
      { connections: 10, duration: seconds, headers: { 'accept-encoding': 'br, gzip' }, ...options },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

const summary = (result) => ({
  requestsPerSecond: Math.round(result.requests.average),
  p50Ms: result.latency.p50,
  p99Ms: result.latency.p99,
  errors: result.errors + result.non2xx,
});

/**
 * One autocannon run with the server's CPU time per answer beside it: requests per second on a shared machine
 * move with outside load, the server's own CPU per request much less, so it shows where a ratio came from.
 */
async function measure(seconds, url, pid) {
  const before = cpuMs(pid);
  const result = await run(seconds, { url });
  const after = cpuMs(pid);
  const cpuUsPerRequest =
    before === undefined || after === undefined
      ? undefined
      : Math.round(((after - before) * 1000) / result.requests.total);
  return { ...summary(result), cpuUsPerRequest };
}

/**
 * `hello` and `product` are started servers ({ url, pid }); `seconds` is the length of each measured run; `rate` the
 * fixed rate of the p99 figure.
 */
export async function benchMenu({ hello, product, departmentId, seconds, rate = 1000 }) {
  const menuUrl = `${product.url}/api/menu/${departmentId}`;
  const helloPath = `${hello.url}/hello`;
  const copyPath = `${hello.url}/copy`;
  await copyMenuAnswer(menuUrl, copyPath);
  // Warm both: the menu's cache and compressed bytes, and both processes' JIT.
  await run(2, { url: helloPath });
  await run(2, { url: menuUrl });
  await run(2, { url: copyPath });
  const rounds = [];
  for (const order of [
    ['hello', 'menu'],
    ['menu', 'hello'],
  ]) {
    const round = {};
    for (const which of order) {
      round[which] =
        which === 'hello' ? await measure(seconds, helloPath, hello.pid) : await measure(seconds, menuUrl, product.pid);
    }
    round.ratio = round.menu.requestsPerSecond / round.hello.requestsPerSecond;
    rounds.push(round);
  }
  // The same bytes from the bare server, after the rounds (information: it does not enter the ratio).
  const copies = [await measure(seconds, copyPath, hello.pid), await measure(seconds, copyPath, hello.pid)];
  const better = (a, b) => (a.requestsPerSecond >= b.requestsPerSecond ? a : b);
  const bare = better(rounds[0].hello, rounds[1].hello);
  const menu = better(rounds[0].menu, rounds[1].menu);
  // p99 at the fixed rate: hello and the menu interleaved in the same window, so both see the same machine load.
  const sameWindow = await fixedRate({
    targets: [
      { name: 'hello', url: helloPath },
      { name: 'menu', url: menuUrl },
    ],
    rate,
    seconds,
  });
  // Server CPU per answer, the lower of the two runs of each: the cost that the ratio of rates stands for.
  const cpuOf = (which) => Math.min(...rounds.map((round) => round[which].cpuUsPerRequest ?? Infinity));
  const cpu = { helloUsPerRequest: cpuOf('hello'), menuUsPerRequest: cpuOf('menu') };
  const ratio = menu.requestsPerSecond / bare.requestsPerSecond;
  const copy = better(copies[0], copies[1]);
  return {
    method: MENU_METHOD,
    bare,
    menu,
    ratio,
    rounds,
    cpu,
    copy: { ...copy, runs: copies, ratio: copy.requestsPerSecond / bare.requestsPerSecond },
    fixedRate: { rate, seconds, ...sameWindow },
  };
}

/**
 * Puts the menu's answer as a browser gets it (brotli, its headers) on the bare server's `/copy`: what the load
 * generator can take of an answer of that size from a server that does nothing else, the ceiling of the ratio.
 */
async function copyMenuAnswer(menuUrl, copyPath) {
  const { get } = await import('node:http');
  // node:http, not fetch: the bytes as sent (fetch would decode them).
  const { headers: sent, body } = await new Promise((resolve, reject) => {
    get(menuUrl, { headers: { 'accept-encoding': 'br, gzip' } }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    }).on('error', reject);
  });
  const skip = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding', 'x-request-id']);
  const headers = Object.fromEntries(Object.entries(sent).filter(([name]) => !skip.has(name)));
  const put = await fetch(copyPath, {
    method: 'PUT',
    headers: { 'content-type': 'application/octet-stream', 'x-copy-headers': JSON.stringify(headers) },
    body,
  });
  if (!put.ok) throw new Error(`the bare server refused the menu's copy: ${put.status}`);
}

/**
 * The menu's p99 at `rate` requests per second for `seconds` while `runOrders()` (an order path run, started at the
 * same moment) makes orders flow: information, the cost that orders put on the diners reading menus.
 */
export async function menuUnderOrders({ product, departmentId, seconds, rate = 1000, runOrders }) {
  const menuUrl = `${product.url}/api/menu/${departmentId}`;
  const [menu, orders] = await Promise.all([
    fixedRate({ targets: [{ name: 'menu', url: menuUrl }], rate, seconds }),
    runOrders(),
  ]);
  return { rate, seconds, menu: menu.menu, orders };
}
