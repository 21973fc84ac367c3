// The owner's numbers page (issue 33) on a café with a year of orders: each of the page's data requests for a year's
// range, timed one after another (p95 of BENCH_NUMBERS_REQUESTS each, after two warm-ups), and the page's LCP with a
// signed-in owner (Lighthouse mobile, as the other pages). The year is written once by year-of-orders.mjs, through the
// order's write path, into a data folder that later runs reuse (BENCH_NUMBERS_DIR; delete it to write a new year).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { israelDateOf } from '@tafrit/contracts';
import { root, startProduct } from './servers.mjs';

/** The page's data requests (the CSV reads what `products` reads). */
export const NUMBERS_REQUESTS = ['sales', 'hours', 'products', 'months', 'sources', 'promos'];

const percentile = (values, share) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)];
};

/** Writes the year in a process of its own (the built backend, in process) unless the folder already holds one. */
async function seededYear(dataDir, orders, log) {
  const facts = join(dataDir, 'year-of-orders.json');
  if (existsSync(facts)) {
    const year = JSON.parse(readFileSync(facts, 'utf8'));
    if (year.orders === orders) return { ...year, reused: true };
    throw new Error(
      `${dataDir} holds a year of ${year.orders} orders, not ${orders}: delete it or name another folder`,
    );
  }
  mkdirSync(dataDir, { recursive: true });
  log(`writing a year of ${orders} orders into ${dataDir} (once; later runs reuse it)`);
  const output = await new Promise((resolve, reject) => {
    let text = '';
    const child = spawn(process.execPath, [join(root, 'bench/year-of-orders.mjs'), dataDir, String(orders)], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child.stdout.on('data', (chunk) => (text += chunk));
    child.once('exit', (code) =>
      code === 0 ? resolve(text) : reject(new Error(`year-of-orders exited with ${code}`)),
    );
  });
  const year = JSON.parse(output.trim().split('\n').at(-1));
  writeFileSync(facts, JSON.stringify(year));
  return { ...year, reused: false };
}

/**
 * The owner (or, with `admin`, the administrator) signs in with the code the log SMS provider wrote to the data folder,
 * as a phone would read it.
 */
export async function signIn(url, dataDir, phone, { admin = false } = {}) {
  const prefix = admin ? '/api/admin' : '/api';
  const smsLog = join(dataDir, 'sms.log');
  const lines = () => (existsSync(smsLog) ? readFileSync(smsLog, 'utf8').split('\n').filter(Boolean) : []);
  const before = lines().length;
  const headers = {
    'content-type': 'application/json',
    'x-forwarded-for': `198.18.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`,
  };
  const sent = await fetch(`${url}${prefix}/send-otp`, { method: 'POST', headers, body: JSON.stringify({ phone }) });
  if (!sent.ok) throw new Error(`send-otp answered ${sent.status}: ${await sent.text()}`);
  let code;
  for (const deadline = Date.now() + 15_000; !code && Date.now() < deadline;) {
    code = lines()
      .slice(before)
      .map((line) => /\b(\d{6})\b/.exec(JSON.parse(line).text ?? '')?.[1])
      .findLast(Boolean);
    if (!code) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!code) throw new Error(`no sign-in code reached ${smsLog}`);
  const verified = await fetch(`${url}${prefix}/verify-otp`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ phone, code }),
  });
  const answer = await verified.json();
  if (!verified.ok) throw new Error(`verify-otp answered ${verified.status}: ${JSON.stringify(answer)}`);
  return answer.data;
}

/** Each data request `count` times in turn (after two warm-ups), as one owner's browser would ask: latencies in ms. */
async function timeRequests(url, token, range, count) {
  const timings = {};
  for (const data of NUMBERS_REQUESTS) {
    const path = `${url}/api/owner/numbers/${data}?from=${range.from}&to=${range.to}`;
    const ask = async () => {
      const started = performance.now();
      const response = await fetch(path, { headers: { authorization: `Bearer ${token}` } });
      const body = await response.text();
      if (!response.ok) throw new Error(`${data} answered ${response.status}: ${body.slice(0, 200)}`);
      return { ms: performance.now() - started, bytes: body.length, body };
    };
    const warm = await ask();
    await ask();
    const runs = [];
    for (let i = 0; i < count; i++) runs.push((await ask()).ms);
    timings[data] = {
      p50Ms: Math.round(percentile(runs, 0.5) * 10) / 10,
      p95Ms: Math.round(percentile(runs, 0.95) * 10) / 10,
      maxMs: Math.round(Math.max(...runs) * 10) / 10,
      bytes: warm.bytes,
      ...(data === 'sales' ? { orders: JSON.parse(warm.body).data.totals.orders } : {}),
    };
  }
  return timings;
}

export async function benchNumbers({ orders, requests, lighthouseRuns, log }) {
  const dataDir = process.env.BENCH_NUMBERS_DIR ?? join(tmpdir(), `tafrit-bench-numbers-v2-year-${orders}`);
  const year = await seededYear(dataDir, orders, log);
  log(
    `a year of ${year.orders} orders (${year.from} to ${year.to})${year.reused ? ', reused' : `, written in ${year.seconds} s`}`,
  );
  const product = await startProduct({ dataDir, embedded: true, countSql: false });
  try {
    const session = await signIn(product.url, dataDir, year.phone);
    const today = israelDateOf(new Date());
    const range = {
      from: new Date(Date.parse(`${today}T00:00:00Z`) - 364 * 86_400_000).toISOString().slice(0, 10),
      to: today,
    };
    log(`numbers data requests for ${range.from} to ${range.to}: ${requests} of each`);
    const timings = await timeRequests(product.url, session.token, range, requests);
    let lighthouse;
    if (lighthouseRuns > 0) {
      const { benchLighthouse } = await import('./lighthouse.mjs');
      // The device holds the owner's session as the sign-in leaves it; the page asks for this month by default.
      const signedIn = (path) => async (page) => {
        await page.goto(`${product.url}/login`);
        await page.evaluate((stored) => {
          localStorage.setItem('authToken', stored.token);
          localStorage.setItem('businessData', JSON.stringify(stored.business));
          if (stored.business.departmentId) localStorage.setItem('currentDepartmentId', stored.business.departmentId);
          if (stored.member) localStorage.setItem('sessionMember', JSON.stringify(stored.member));
        }, session);
        return `${product.url}${path}`;
      };
      log(`Lighthouse mobile: the owner's numbers page, ${lighthouseRuns} run(s)`);
      const mobile = await benchLighthouse(`${product.url}/numbers`, lighthouseRuns, signedIn('/numbers'));
      // For reading the figure: the console's monthly report on the same device (one run), and the numbers page on
      // Lighthouse's desktop preset, where an owner mostly reads it.
      log("Lighthouse mobile: the owner's monthly report, for reference, 1 run");
      const reports = await benchLighthouse(`${product.url}/reports`, 1, signedIn('/reports'));
      log(`Lighthouse desktop: the owner's numbers page, ${lighthouseRuns} run(s)`);
      const { default: desktopConfig } = await import('lighthouse/core/config/desktop-config.js');
      const desktop = await benchLighthouse(
        `${product.url}/numbers`,
        lighthouseRuns,
        signedIn('/numbers'),
        desktopConfig,
      );
      lighthouse = { mobile, reports, desktop };
    }
    return { orders: year.orders, from: year.from, to: year.to, range, requests, timings, lighthouse };
  } finally {
    await product.stop({ keepData: true });
  }
}
