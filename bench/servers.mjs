// The processes the benchmark measures: the built product (embedded PGlite, or PostgreSQL when DATABASE_URL is set)
// and a bare Fastify "hello" as the reference, each in a process of its own so the load generator never shares
// their thread.
import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSqlProxy } from './sql-proxy.mjs';

export const root = new URL('..', import.meta.url).pathname;

/**
 * Starts `backend/dist/main.js` and resolves once it printed its banner, which it does right after it listens.
 * `dataDir` reopens an existing embedded database (the restart measurement); `embedded` ignores DATABASE_URL.
 * `startMs` is from the spawn to the banner: Node's own start, the app's boot, migrations check, listen.
 * On PostgreSQL, unless `countSql` is false, the product reaches the database through the counting proxy of
 * sql-proxy.mjs (`sql.snapshot()` gives its counters); on the embedded database the product starts PGlite itself, in
 * its own process, so there is no connection to count from outside (`sql` is undefined).
 */
/** A TCP port free on this machine now (the system picks it; it is released at once for the product to take). */
async function freePort() {
  const { createServer } = await import('node:net');
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export async function startProduct({
  dataDir = mkdtempSync(join(tmpdir(), 'tafrit-bench-')),
  embedded = false,
  countSql = true,
  main = join(root, 'backend/dist/main.js'),
  nodeFlags = [],
  seedDemo = false,
  // Settings of this start only (the year mode: the database it runs on, its secrets).
  env: only = {},
} = {}) {
  const env = { ...process.env, ...only };
  if (embedded) delete env.DATABASE_URL;
  // Measured at the level of a default start (`npm start`: the config's default, warn), so the budgets hold for what a
  // newcomer runs; BENCH_LOG_LEVEL measures another level (info logs each request).
  delete env.LOG_LEVEL;
  if (process.env.BENCH_LOG_LEVEL) env.LOG_LEVEL = process.env.BENCH_LOG_LEVEL;
  const sql = env.DATABASE_URL && countSql ? await startSqlProxy(env.DATABASE_URL) : undefined;
  // A port of its own, known before the start: PUBLIC_URL must name it, or the sandbox's payment page (addressed with
  // it) would be refused inside the checkout's frame.
  const port = await freePort();
  const startedAt = performance.now();
  // BENCH_CPU_PROFILE_DIR: the product writes a V8 CPU profile there when it stops (open it in Chrome's DevTools).
  const profile = env.BENCH_CPU_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${env.BENCH_CPU_PROFILE_DIR}`] : [];
  const child = spawn(process.execPath, [...nodeFlags, ...profile, main], {
    cwd: root,
    env: {
      ...env,
      // On PostgreSQL the product needs a signing secret and keys of stored secrets shared by its instances; ones of
      // its own for this run.
      ...(env.DATABASE_URL && !env.JWT_SECRET ? { JWT_SECRET: randomBytes(32).toString('hex') } : {}),
      ...(env.DATABASE_URL && !env.SECRETS_KEYS ? { SECRETS_KEYS: `bench:${randomBytes(32).toString('base64')}` } : {}),
      ...(sql ? { DATABASE_URL: sql.url } : {}),
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      SEED_DEMO: seedDemo ? 'true' : 'false',
      // The embedded default's daily backup would run at start, in the middle of what is measured (decision 061).
      DAILY_BACKUP: 'false',
      // Registration is limited per address: the seeding names a documentation address per business (seedMenu).
      TRUST_PROXY: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const match = /Tafrit is running: (http:\/\/\S+)/.exec(output);
      if (match) resolve(match[1].replace('localhost', '127.0.0.1'));
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  }).catch((error) => {
    sql?.stop();
    throw error;
  });
  const startMs = Math.round(performance.now() - startedAt);
  // Keep draining its output so a chatty server never blocks on a full pipe.
  child.stdout.resume();
  return {
    url,
    pid: child.pid,
    dataDir,
    startMs,
    sql,
    /** PostgreSQL on this machine: its processes' CPU is part of what a run costs the machine (`postgresCpu`). */
    localPostgres: Boolean(env.DATABASE_URL && /@(127\.0\.0\.1|localhost)[:/]/.test(env.DATABASE_URL)),
    /** Stops it cleanly (PGlite closes its files); the data folder is removed unless `keepData`. */
    async stop({ keepData = false } = {}) {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      sql?.stop();
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A bare Fastify "hello" in a process of its own, like the product: the load generator must not share its thread. */
export async function startHello() {
  const source = `
    const fastify = (await import('fastify')).default({ bodyLimit: 16 * 1024 * 1024 });
    fastify.get('/hello', async () => ({ hello: 'world' }));
    // The load generator's own ceiling for an answer of a given size: the bench puts the public menu's compressed
    // bytes and headers here (PUT), and this bare server answers them as they are (menu.mjs).
    let copy = { headers: {}, body: Buffer.alloc(0) };
    fastify.addContentTypeParser('application/octet-stream', { parseAs: 'buffer' }, (request, body, done) => done(null, body));
    fastify.put('/copy', async (request) => {
      copy = { headers: JSON.parse(request.headers['x-copy-headers']), body: request.body };
      return { bytes: copy.body.length };
    });
    fastify.get('/copy', (request, reply) => reply.headers(copy.headers).send(copy.body));
    console.log('hello at ' + (await fastify.listen({ port: 0, host: '127.0.0.1' })));
  `;
  const child = spawn(process.execPath, ['--input-type=module', '-e', source], {
    cwd: join(root, 'backend'),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      const match = /hello at (http:\/\/\S+)/.exec(String(chunk));
      if (match) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`hello server exited with ${code}`)));
  });
  return { url, pid: child.pid, stop: () => child.kill('SIGTERM') };
}

/** The CPU time (user + system, ms) in a `/proc/<pid>/stat` line. */
function statCpuMs(stat) {
  // After the command name (in parentheses, which may hold spaces and parentheses itself): utime and stime are fields
  // 14 and 15 of stat(5), in clock ticks (USER_HZ, 100 on Linux).
  const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** CPU time (user + system, ms) a process has used so far; Linux only, else undefined. */
export function cpuMs(pid) {
  try {
    return statCpuMs(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return undefined;
  }
}

/**
 * CPU time (ms) of every PostgreSQL process of this machine, by process id: the database's share of a run on the same
 * machine. A run's cost is `cpuBetween(before, after)`. Linux only (else undefined); a process that exits during the
 * run (an autovacuum worker) takes its time with it, so this is a lower bound.
 */
export function postgresCpu() {
  try {
    const byPid = new Map();
    for (const name of readdirSync('/proc')) {
      if (!/^\d+$/.test(name)) continue;
      let stat;
      try {
        stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      } catch {
        continue; // exited meanwhile
      }
      if (!stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')).startsWith('postgres')) continue;
      byPid.set(name, statCpuMs(stat));
    }
    return byPid.size > 0 ? byPid : undefined;
  } catch {
    return undefined;
  }
}

/** CPU ms between two `postgresCpu()` readings (a process started meanwhile counts whole). */
export function cpuBetween(before, after) {
  if (!before || !after) return undefined;
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}

/** A JSON call to the product's API; throws with the answer when it is not a success. */
export async function call(url, method, path, body, token, headers = {}) {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await response.json();
  if (!json.success) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
  return json.data;
}

let seeded = 0;

/**
 * A business registered through the owner's API (registration signs its owner in) with `categories` categories of
 * `perCategory` products each (10 x 15 by default), made through the owner's API like a real menu. With `rich`, every
 * product is uploaded with a photo and shows two option groups (issue 16: the diner page's budgets are for that menu).
 * Returns its department id, the owner's token (for the report that counts paid orders) and the products with their
 * prices.
 */
export async function seedMenu(url, { categories = 10, perCategory = 15, name = 'קפה המדידה', rich = false } = {}) {
  const { isIsraeliMobile } = await import('@tafrit/contracts');
  let phone;
  do phone = `0549${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;
  while (!isIsraeliMobile(phone));
  const { business, token } = await call(
    url,
    'POST',
    '/api/register',
    {
      fullName: 'מדידת ביצועים',
      businessName: name,
      email: `bench-${Date.now()}-${randomBytes(4).toString('hex')}@example.co.il`,
      idNumber: '515678902',
      phone,
      bankName: '12',
      branch: '600',
      accountNumber: '123456',
      beneficiaryName: 'מדידת ביצועים',
      street: 'הרצל 12',
      city: 'תל אביב-יפו',
    },
    undefined,
    // One address per business (TEST-NET-2, never a real client): registration is limited per address.
    { 'x-forwarded-for': `198.51.100.${1 + (seeded++ % 254)}` },
  );
  // sharp loads only for the rich menu.
  const { BENCH_OPTION_GROUPS, callForm, photoLikeJpegs } = rich ? await import('./menu-photos.mjs') : {};
  const photos = rich ? await photoLikeJpegs(6) : [];
  const groups = [];
  for (const group of BENCH_OPTION_GROUPS ?? []) {
    groups.push((await call(url, 'POST', '/api/option-groups', { ...group, without: false }, token)).id);
  }
  const products = [];
  for (let c = 1; c <= categories; c++) {
    const category = await call(url, 'POST', '/api/categories', { name: `קטגוריה ${c}` }, token);
    // A category's products five at a time: seeding is not measured, and one at a time takes minutes on a busy machine.
    for (let first = 1; first <= perCategory; first += 5) {
      const made = await Promise.all(
        [0, 1, 2, 3, 4].slice(0, perCategory - first + 1).map(async (offset) => {
          const p = first + offset;
          const price = `${10 + p}.90`;
          const fields = {
            name: `מנה ${c}-${p}`,
            price,
            categoryId: category.id,
            description: 'תיאור קצר של המנה, עם רכיבים ואלרגנים, כמו בתפריט אמיתי של בית קפה',
          };
          const product = rich
            ? await callForm(url, 'POST', '/api/products', fields, photos[(c * perCategory + p) % photos.length], token)
            : await call(url, 'POST', '/api/products', fields, token);
          return { id: product.id, priceAgorot: Math.round(Number(price) * 100) };
        }),
      );
      // Attached one at a time: every attachment of a group writes that group's stream, and five at once collide
      // (409 stream.conflict, as an owner clicking in five tabs would see).
      for (const product of made) {
        for (const group of groups)
          await call(url, 'PUT', `/api/products/${product.id}/option-groups/${group}`, {}, token);
      }
      products.push(...made);
    }
  }
  return { departmentId: business.departmentId, token, products };
}

/**
 * `count` businesses: `first` (already seeded, the menu the menu figures read) and `count - 1` more, each registered
 * and given its own menu through the owner's API, `parallel` businesses at a time.
 */
export async function seedBusinesses(url, first, count, { parallel = 4, ...menu } = {}) {
  const shops = [first];
  let next = 1;
  const worker = async () => {
    while (next < count) {
      const index = next++;
      shops[index] = await seedMenu(url, { ...menu, name: `קפה המדידה ${index + 1}` });
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, count - 1) }, worker));
  return shops;
}
