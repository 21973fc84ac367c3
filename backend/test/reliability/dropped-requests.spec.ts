import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { registerOwner, type SignedInOwner } from '../support/accounts.js';
import { createPayment, openShop, type Shop } from '../support/checkout.js';
import { call } from '../support/http-client.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// A phone that loses signal in the middle of a body (a photo upload, the card form) is the client's problem: it
// must never be taken for a database outage (which answered 503 to everyone for a second), and a body that
// trickles in must not hold a socket for ever. The body deadlines are a second here (BODY_TIMEOUT_MS).

let app: TestApp;
let owner: SignedInOwner;
let shop: Shop;

beforeAll(async () => {
  app = await startTestApp({ BODY_TIMEOUT_MS: '1000', UPLOAD_BODY_TIMEOUT_MS: '1500' });
  owner = await registerOwner(app);
  shop = await openShop(app, await registerOwner(app));
}, 120_000);
afterAll(() => app?.close());

const port = () => Number(new URL(app.url).port);

/** Opens a raw connection to the app. */
function open(): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port(), '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** The server's count of open connections. */
function openConnections(): Promise<number> {
  return new Promise((resolve, reject) =>
    app.app.getHttpServer().getConnections((error, count) => (error ? reject(error) : resolve(count))),
  );
}

/** Waits for a condition, checking it again every few milliseconds (a failing test ends at Jest's timeout). */
async function until(condition: () => Promise<boolean> | boolean): Promise<void> {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 5));
}

/** Everything the server writes on a socket until it closes it. */
function answerOf(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(text));
  });
}

/** Headers and part of a body that announces more than it sends. */
function halfRequest(path: string, contentType: string, body: string, token?: string): string {
  const head = [
    `POST ${path} HTTP/1.1`,
    'Host: 127.0.0.1',
    `Content-Type: ${contentType}`,
    `Content-Length: ${Buffer.byteLength(body) + 100_000}`,
    ...(token ? [`Authorization: Bearer ${token}`] : []),
    '',
    '',
  ].join('\r\n');
  return head + body;
}

const BOUNDARY = 'dropped-upload-boundary';
const uploadStart = [
  `--${BOUNDARY}`,
  'Content-Disposition: form-data; name="name"',
  '',
  'קפה',
  `--${BOUNDARY}`,
  'Content-Disposition: form-data; name="image"; filename="photo.png"',
  'Content-Type: image/png',
  '',
  '\x89PNG\r\n\x1a\n' + 'x'.repeat(2_000),
].join('\r\n');

/** Sends half a body, then drops the connection, and waits until the server has let go of it. */
async function dropMidBody(request: string): Promise<void> {
  const before = await openConnections();
  const socket = await open();
  await until(async () => (await openConnections()) === before + 1);
  await new Promise<void>((resolve) => socket.write(request, () => resolve()));
  socket.resetAndDestroy();
  await until(async () => (await openConnections()) === before);
  // The request's abort is handled on the turns after the socket closed: let them run before looking.
  await new Promise((resolve) => setImmediate(resolve));
  await new Promise((resolve) => setImmediate(resolve));
}

describe('a client that drops its request in the middle of a body', () => {
  it('is not a database outage: every other request is answered normally', async () => {
    const drops = [
      halfRequest('/api/products', `multipart/form-data; boundary=${BOUNDARY}`, uploadStart, owner.token),
      halfRequest('/api/cardcom/create-payment', 'application/json', '{"businessId":"', undefined),
      halfRequest('/api/business/logo', `multipart/form-data; boundary=${BOUNDARY}`, uploadStart, owner.token),
      halfRequest('/api/categories', 'application/json', '{"name":"', owner.token),
    ];
    for (const drop of drops) {
      await dropMidBody(drop);
      expect(app.database.status).toBe('ready');
      const profile = await call(app, 'GET', '/api/business/profile', { token: owner.token });
      expect(profile.status).toBe(200);
      const checkout = await createPayment(app, shop.departmentId, {
        items: [{ productId: shop.coffee.id, quantity: 1 }],
        amount: '14.50',
      });
      expect(checkout.status).toBe(200);
    }
  });
});

describe('a body that does not arrive in time', () => {
  /** Sends the head and then a byte at a time, slower than the deadline, until the server closes the socket. */
  async function trickle(request: string): Promise<{ answer: string; bytesSent: number }> {
    const socket = await open();
    const answer = answerOf(socket);
    let closed = false;
    void answer.then(() => (closed = true));
    const [head, body] = [
      request.slice(0, request.indexOf('\r\n\r\n') + 4),
      request.slice(request.indexOf('\r\n\r\n') + 4),
    ];
    socket.write(head);
    let bytesSent = 0;
    // A byte every 200 ms: the whole body would take far longer than the deadline. The loop ends when the server
    // closes the socket; with no deadline at all, Jest's timeout ends the test.
    while (!closed && bytesSent < body.length) {
      socket.write(body[bytesSent]!);
      bytesSent++;
      await Promise.race([answer, new Promise((resolve) => setTimeout(resolve, 200))]);
    }
    return { answer: await answer, bytesSent };
  }

  it('a JSON body gets 408 and its socket closed', async () => {
    const request = halfRequest('/api/categories', 'application/json', `{"name":"${'א'.repeat(200)}"}`, owner.token);
    const { answer } = await trickle(request);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer.toLowerCase()).toContain('connection: close');
    const envelope = JSON.parse(Buffer.from(answer.slice(answer.indexOf('\r\n\r\n') + 4), 'latin1').toString('utf8'));
    expect(envelope).toMatchObject({ success: false, code: 'request.timeout' });
    expect(envelope.message).toMatch(/[\u0590-\u05FF]/);
  });

  it('an upload gets 408 after its own, longer deadline', async () => {
    const request = halfRequest('/api/products', `multipart/form-data; boundary=${BOUNDARY}`, uploadStart, owner.token);
    const started = performance.now();
    const { answer } = await trickle(request);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).toContain('request.timeout');
    // Not the JSON body's second: the upload's own deadline (1.5 s here) applies.
    expect(performance.now() - started).toBeGreaterThanOrEqual(1_500);
  });

  it('a chunked body past the size limit is refused, and neither deadline nor close trips over it afterwards', async () => {
    const socket = await open();
    const answer = answerOf(socket);
    socket.write(
      [
        'POST /api/categories HTTP/1.1',
        'Host: 127.0.0.1',
        'Content-Type: application/json',
        'Transfer-Encoding: chunked',
      ]
        .concat(['', ''])
        .join('\r\n'),
    );
    // 1.2 MB in 64 KB chunks: past the 1 MB body limit before the end, which never comes.
    const chunk = Buffer.alloc(65_536, 0x20);
    for (let sent = 0; sent < 1_200_000; sent += chunk.length) {
      socket.write(`${chunk.length.toString(16)}\r\n`);
      socket.write(chunk);
      socket.write('\r\n');
    }
    expect(await answer).toMatch(/^HTTP\/1\.1 413 /);
    // Past the body's configured deadline (a second here): nothing of the refused request may still go off (an error
    // nobody listens to ends a server's process; here Jest fails the file).
    await new Promise((resolve) => setTimeout(resolve, app.config.bodyTimeoutMs + 200));
    expect((await call(app, 'GET', '/api/business/profile', { token: owner.token })).status).toBe(200);
  });

  it('the server is still answering everyone afterwards', async () => {
    const profile = await call(app, 'GET', '/api/business/profile', { token: owner.token });
    expect(profile.status).toBe(200);
  });
});
