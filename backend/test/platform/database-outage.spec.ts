import { createServer } from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { DEFAULT_TERMS_HE } from '../../src/modules/terms/domain/default-terms.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function eventually<T>(probe: () => Promise<T>, accept: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last = await probe();
  while (!accept(last) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    last = await probe();
  }
  return last;
}

describe('a database that is down', () => {
  let app: TestApp;
  let port: number;
  let db: PGlite | undefined;
  let server: PGLiteSocketServer | undefined;

  beforeAll(async () => {
    port = await freePort();
    app = await startTestApp({
      DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/postgres`,
      JWT_SECRET: 'outage-test-secret-outage-test-secret-123',
    });
  }, 120_000);

  afterAll(async () => {
    await app.close();
    await server?.stop();
    await db?.close();
  }, 120_000);

  const health = () => app.app.inject({ method: 'GET', url: '/api/health/database' });
  const terms = () => app.app.inject({ method: 'GET', url: '/api/terms' });
  const ready = () => app.app.inject({ method: 'GET', url: '/api/health/ready' });

  it('keeps the process up and answers health with 503 in the spec shape', async () => {
    expect(app.database.status).toBe('unavailable');
    const response = await health();
    expect(response.statusCode).toBe(503);
    const body = response.json();
    expect(body).toMatchObject({ success: false, message: 'שגיאת חיבור למסד הנתונים', error: 'unreachable' });
    expect(typeof body.timestamp).toBe('string');
  });

  it('answers liveness 200 and readiness 503, so a load balancer leaves the instance out without restarting it', async () => {
    expect((await app.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    const answer = await ready();
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toMatchObject({ success: false, error: 'database_unavailable' });
  });

  it('answers routes that need the database with 503 DATABASE_UNAVAILABLE in Hebrew', async () => {
    const response = await terms();
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toEqual({
      success: false,
      code: 'DATABASE_UNAVAILABLE',
      message: 'שירות מסד הנתונים אינו זמין כרגע, נסו שוב בעוד מספר דקות',
    });
  });

  it('recovers by itself when the database comes back, migrating on the way', async () => {
    db = await PGlite.create({});
    // As many connections as the application's pool may open (10 with a DATABASE_URL): past its limit the socket server
    // answers a connection with "Too many connections" instead of the protocol, and a start-up step that got one of
    // those (the default terms) failed and was not run again, which a loaded machine made happen now and then.
    server = new PGLiteSocketServer({ db, host: '127.0.0.1', port, maxConnections: 16 });
    await server.start();
    // A brand-new database: every migration runs before the first answer, which on a loaded 2-core CI machine can
    // take longer than a database coming back with its tables (the reliability tests hold that one to 5 s).
    // The start-up steps run on that first answer too: the default terms of use appear (written right after).
    const recovered = await eventually(
      terms,
      (response) => response.statusCode === 200 && response.body.includes('תנאי שימוש'),
      // The condition is what is waited for; the deadline only ends a run that never recovers (a loaded CI machine
      // took more than 20 s for every migration of a fresh database, 60 s for the test).
      240_000,
    );
    expect(recovered.json()).toEqual({ success: true, data: { content: DEFAULT_TERMS_HE } });
    expect((await health()).statusCode).toBe(200);
    // Ready once every start-up step is done too (the terms were one of them).
    expect((await eventually(ready, (response) => response.statusCode === 200, 60_000)).statusCode).toBe(200);
  }, 300_000);

  it('goes back to 503 when the database disappears again, and back to 200 when it returns', async () => {
    await server?.stop();
    const down = await eventually(terms, (response) => response.statusCode === 503, 60_000);
    expect(down.json().code).toBe('DATABASE_UNAVAILABLE');
    expect((await ready()).statusCode).toBe(503);

    server = new PGLiteSocketServer({ db: db!, host: '127.0.0.1', port, maxConnections: 16 });
    await server.start();
    const up = await eventually(terms, (response) => response.statusCode === 200, 60_000);
    expect(up.statusCode).toBe(200);
  }, 150_000);
});
