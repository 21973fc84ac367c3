import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AGENT_AUTH_SCHEME, type PairAnswer, type PairingCodeAnswer, validationMessagesHe } from '@tafrit/contracts';
import fc from 'fast-check';
import { registerOwner, registrationForm, signInAdmin, type SignedInOwner } from '../support/accounts.js';
import { createPayment, openShop, type Shop } from '../support/checkout.js';
import { call } from '../support/http-client.js';
import { TEST_AGENT_INFO } from '../support/sockets.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { fillPath, registeredRoutes, tableGaps } from './registered-routes.js';
import { ROUTE_ACCESS, splitKey, type Audience } from './route-audiences.js';

// Every route that takes a body gets at least 1,000 generated bad bodies, sent with a valid credential of its
// audience so that the body, not the guard, is what is tested: never a 500, never a stack, SQL or a file path, and
// every refusal is the envelope.
const RUNS = 1_000;

/** Body routes outside /api: the spec's old contact address and the sandbox's card form. */
const OTHER_BODY_ROUTES: Record<string, Audience> = {
  'POST /contact-form.php': 'open',
  'POST /pay/sandbox/:id': 'open',
};
const BODY_METHODS = ['POST', 'PUT', 'PATCH'];
const FUZZED: [string, Audience][] = [
  ...Object.entries(ROUTE_ACCESS)
    .filter(([key]) => BODY_METHODS.includes(splitKey(key).method))
    .map(([key, access]) => [key, access.audience] as [string, Audience]),
  ...Object.entries(OTHER_BODY_ROUTES),
];

let app: TestApp;
let owner: SignedInOwner;
let adminToken: string;
let agentCredential: string;
let shop: Shop;
const optionIds = { groupId: '', optionId: '' };

beforeAll(async () => {
  app = await startTestApp();
  owner = await registerOwner(app);
  adminToken = (await signInAdmin(app)).token;
  const code = await call<{ data: PairingCodeAnswer }>(app, 'POST', '/api/printer/pairing-code', {
    token: owner.token,
  });
  const paired = await call<{ data: PairAnswer }>(app, 'POST', '/api/printer/pair', {
    body: { code: code.body.data.code, agent: TEST_AGENT_INFO },
  });
  agentCredential = `${AGENT_AUTH_SCHEME} ${paired.body.data.agentId}:${paired.body.data.agentSecret}`;
  shop = await openShop(app, await registerOwner(app));
  // A real group of the owner's (decision 020), so its routes judge the body rather than stop at an unknown id.
  const group = await call<{ data: { id: string; options: { id: string }[] } }>(app, 'POST', '/api/option-groups', {
    token: owner.token,
    body: { name: 'סוג חלב', minChoices: 0, maxChoices: 1, options: [{ name: 'שיבולת שועל', price: '2' }] },
  });
  optionIds.groupId = group.body.data.id;
  optionIds.optionId = group.body.data.options[0]!.id;
}, 120_000);
afterAll(() => app?.close());

// Field names the contracts use, so that generated objects reach the validators' inner rules, not only "not an object".
const FIELDS = [
  'phone', 'code', 'name', 'price', 'categoryId', 'ids', 'isActive', 'status', 'paperWidth', 'audience', 'month',
  'minChoices', 'maxChoices', 'without', 'options', 'isDefault', 'available',
  'fullName', 'businessName', 'email', 'idNumber', 'bankName', 'branch', 'accountNumber', 'beneficiaryName',
  'cardcomEnabled', 'cardcomTerminalNumber', 'cardcomApiName', 'receiptPhone', 'businessId', 'amount', 'productName',
  'returnValue', 'cartData', 'orderItems', 'customerInfo', 'items', 'productId', 'quantity', 'remarks',
  'tableNumber', 'message', 'subject', 'content', 'agent', 'description', 'tags', 'image', 'removeImage',
  'lowprofilecode', 'LowProfileId', 'ReturnValue', 'number', 'expiry', 'cvv', 'businessPhones', '__proto__',
  'tip', 'percent', 'paymentMethod', 'tipsEnabled', 'bitEnabled', 'googlePayEnabled', 'wallet',
  'constructor', 'prototype', 'street', 'city', 'apiPassword', 'action',
]; // prettier-ignore

const strangeText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    "' OR 1=1 --", '"; drop table businesses; --', '${7*7}', '{{7*7}}', '../../etc/passwd', '%00', '\u0000',
    '<script>alert(1)</script>', 'NaN', 'Infinity', '-0', '1e309', '٠٥٠١٢٣٤٥٦٧', '05'.repeat(5000), '\ud800',
    '2020-13', '0000-00', '9'.repeat(40), '0.001', '-1', 'true', 'null', '[]', '{}',
  ),
); // prettier-ignore

/** Half of an emoji pair, alone: JSON columns refuse it. */
const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((unit) => String.fromCharCode(unit));
const textWithLoneSurrogate = fc
  .tuple(fc.string({ maxLength: 10 }), loneSurrogate, fc.string({ maxLength: 10 }))
  .map((parts) => parts.join(''));

/**
 * JSON sent as text inside a field, as the spec's `cartData` is: objects of known fields whose strings may hold NUL or
 * a lone surrogate, which appear only once the route parses the text.
 */
const nestedJsonText = fc
  .dictionary(fc.constantFrom(...FIELDS), fc.oneof(strangeText, textWithLoneSurrogate, fc.array(fc.dictionary(fc.constantFrom(...FIELDS), fc.oneof(textWithLoneSurrogate, fc.integer({ min: 1, max: 3 })), { maxKeys: 4 }), { maxLength: 2 })), { maxKeys: 6 })
  .map((value) => JSON.stringify(value)); // prettier-ignore

const strangeValue = fc.oneof(
  strangeText,
  textWithLoneSurrogate,
  nestedJsonText,
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(Number.MAX_SAFE_INTEGER + 2, -1, 0, 1.5, 1e308, -1e308, true, false, null, [], {}),
  fc.array(fc.oneof(fc.integer(), strangeText), { maxLength: 5 }),
);

/** A body as text: JSON of a wrong shape, an object of known fields with wrong values, or text that is not JSON. */
const badBody: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.dictionary(fc.constantFrom(...FIELDS), strangeValue, { maxKeys: 8 }).map((value) => JSON.stringify(value)) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)) },
  { weight: 1, arbitrary: fc.string({ maxLength: 60 }) },
  { weight: 1, arbitrary: fc.constantFrom('{"a":', '[1,2', '{"__proto__":{"polluted":1}}', '"', '{}}', '\u0000', '{"a":1e999}', `${'['.repeat(5000)}${']'.repeat(5000)}`) },
); // prettier-ignore

// What must never appear in an answer: a stack frame, a source path, database text.
const LEAKS: [string, RegExp][] = [
  ['a stack frame', /\bat [\w$.<>]+ \(|\bat (?:file:\/\/|\/)[^\s]+:\d+:\d+/],
  ['a file path', /\/(?:work|home|root|usr|tmp)\/|node_modules|file:\/\/|\.[jt]s:\d+/],
  ['SQL', /\b(?:select|insert|update|delete)\b[^"]{0,80}\b(?:from|into|set|where)\b|syntax error|violates|duplicate key|relation "|pg_|\bSQLSTATE\b/i],
  ['an error class', /\b(?:TypeError|ReferenceError|SyntaxError|RangeError|ZodError|QueryFailedError|DriverException)\b/],
]; // prettier-ignore

const PARAMS = {
  id: 987654,
  phone: '0501112233',
  month: '2020-01',
  orderId: '00000000-0000-4000-8000-000000000000',
  refundId: '00000000-0000-4000-8000-000000000001',
  kind: 'product',
};

function credentialFor(audience: Audience): Record<string, string> {
  if (audience === 'owner') return { authorization: `Bearer ${owner.token}` };
  if (audience === 'admin') return { authorization: `Bearer ${adminToken}` };
  if (audience === 'agent') return { authorization: agentCredential };
  return {};
}

let addresses = 0;

describe('generated bad bodies', () => {
  it('fuzzes every route that takes a body: the list above is what the app registered', () => {
    const registered = registeredRoutes(app)
      .filter((route) => BODY_METHODS.includes(route.method))
      .map((route) => route.key);
    expect(
      tableGaps(
        registered,
        FUZZED.map(([key]) => key),
      ),
    ).toEqual({ unlisted: [], stale: [] });
  });

  it.each(FUZZED)(
    `%s (%s) answers ${RUNS} bad bodies without a 500 or a leak, refusing with the envelope`,
    async (key, audience) => {
      const { method, path } = splitKey(key);
      const id = path.startsWith('/pay/')
        ? crypto.randomUUID()
        : path.startsWith('/api/option-groups/')
          ? optionIds.groupId
          : PARAMS.id;
      // A shared table's routes (issue 34) take a table number and a line id besides the department.
      const url = fillPath(path, {
        ...PARAMS,
        ...optionIds,
        departmentId: shop.departmentId,
        id,
        table: 1,
        lineId: crypto.randomUUID(),
      });
      const seen = new Map<number, number>();
      await fc.assert(
        fc.asyncProperty(badBody, async (payload) => {
          addresses += 1;
          const response = await app.app.inject({
            method: method as 'POST',
            url,
            payload,
            headers: {
              'content-type': 'application/json',
              // A new address per request: the per-address limits must not stand in for the body's checks.
              'x-forwarded-for': `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`,
              ...credentialFor(audience),
            },
          });
          seen.set(response.statusCode, (seen.get(response.statusCode) ?? 0) + 1);
          expect(response.statusCode).toBeLessThan(500);
          // A new public address (regenerate-qr) is 16 random URL-safe characters, which may spell "pg_" by chance.
          const text = response.body.replace(/"departmentId":"[A-Za-z0-9_-]{16}"/g, '"departmentId":""');
          for (const [what, pattern] of LEAKS) {
            if (pattern.test(text)) throw new Error(`${what} in the answer: ${response.body.slice(0, 300)}`);
          }
          if (response.statusCode >= 400 && !path.startsWith('/pay/')) {
            const answer = response.json() as { fields?: Record<string, string> };
            expect(answer).toMatchObject({
              success: false,
              code: expect.stringMatching(/^[\w.]+$/),
              message: expect.stringMatching(/[\u0590-\u05FF]/),
            });
            // Every message a person can see is Hebrew: the fields' too, never zod's English. The payment provider's
            // webhook is read by no person: its field notes stay in the provider's terms.
            if (key !== 'POST /api/cardcom/webhook') {
              for (const message of Object.values(answer.fields ?? {})) expect(message).toMatch(/[\u0590-\u05FF]/);
            }
          }
        }),
        { numRuns: RUNS },
      );
      // The bodies were judged, not waved through by a guard.
      expect([...seen.keys()].some((status) => status === 401 || status === 403) && seen.size === 1).toBe(false);
    },
    300_000,
  );
});

describe('text the database cannot store', () => {
  // Found by the fuzzing above: PostgreSQL text cannot hold U+0000; on PGlite the write dropped the connection and
  // every business got 503 until it came back.
  it.each([
    ['a category name', 'POST', '/api/categories', () => owner.token, { name: 'קפה\u0000' }],
    ['a profile field', 'PUT', '/api/business/profile', () => owner.token, { fullName: 'דנה\u0000' }],
    ['the street', 'PUT', '/api/business/address', () => owner.token, { street: 'הרצל\u0000 12', city: 'חיפה' }],
    ['the terms', 'PUT', '/api/admin/terms', () => adminToken, { content: 'תנאים\u0000' }],
    ['a contact message', 'POST', '/api/contact', () => '', { name: 'דנה', message: 'שלום\u0000' }],
  ])('refuses U+0000 in %s with 400 and the database stays up', async (_label, method, path, token, body) => {
    const answer = await call(app, method, path, { token: token() || undefined, body });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ success: false, code: 'validation.failed' });
    expect((await call(app, 'GET', '/api/health/database')).status).toBe(200);
  });

  // Half of an emoji pair: JSON.stringify writes it as `\ud83d`, which PostgreSQL's JSON columns refuse (a 500 before).
  it.each([
    ['a registration field', 'POST', '/api/register', () => '', () => registrationForm({ fullName: 'דנה \ud83d' }), 'fullName'],
    ['a profile field', 'PUT', '/api/business/profile', () => owner.token, () => ({ fullName: 'דנה \ude00' }), 'fullName'],
    ['the terms', 'PUT', '/api/admin/terms', () => adminToken, () => ({ content: 'תנאים \ud83d' }), 'content'],
    ['a contact message', 'POST', '/api/contact', () => '', () => ({ name: 'דנה', message: 'שלום \ud83d' }), 'message'],
  ])('refuses half an emoji in %s with 400, in Hebrew, naming the field', async (_label, method, path, token, body, field) => {
    const answer = await call(app, method, path, { token: token() || undefined, body: body(), ip: `10.99.0.${++addresses % 250}` });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      success: false,
      code: 'validation.failed',
      message: validationMessagesHe.unsupportedCharacters,
      fields: { [field]: validationMessagesHe.unsupportedCharacters },
    });
    expect((await call(app, 'GET', '/api/health/database')).status).toBe(200);
  }); // prettier-ignore

  it.each([
    ['half an emoji', 'בלי בצל \ud83d'],
    ['a lone low surrogate', '\ude00 בלי בצל'],
    ['U+0000', 'בלי\u0000בצל'],
  ])('refuses %s in the remarks of cartData sent as JSON text, placing no order', async (_label, remarks) => {
    const answer = await createPayment(app, shop.departmentId, {
      items: [{ productId: shop.coffee.id, quantity: 1 }],
      amount: '14.50',
      remarks,
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      success: false,
      code: 'validation.failed',
      message: validationMessagesHe.unsupportedCharacters,
      // The spec's failure shape of create-payment (`{ success: false, error }`), as its other refusals carry.
      error: validationMessagesHe.unsupportedCharacters,
      fields: { 'cartData.remarks': validationMessagesHe.unsupportedCharacters },
    });
    expect((await call(app, 'GET', '/api/health/database')).status).toBe(200);
  });

  it('takes whole emoji in remarks, up to 500 of them, counted as characters', async () => {
    const answer = await createPayment(app, shop.departmentId, {
      items: [{ productId: shop.coffee.id, quantity: 1 }],
      amount: '14.50',
      remarks: '😀'.repeat(500),
    });
    expect(answer.status).toBe(200);
    const tooLong = await createPayment(app, shop.departmentId, {
      items: [{ productId: shop.coffee.id, quantity: 1 }],
      amount: '14.50',
      remarks: '😀'.repeat(501),
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toMatchObject({ fields: { 'cartData.remarks': expect.stringMatching(/[\u0590-\u05FF]/) } });
  });

  // A multipart field cannot carry half an emoji (the form is UTF-8 on the wire), only U+0000, tested below.
  it('refuses U+0000 in a query too', async () => {
    const answer = await call(app, 'GET', '/api/orders?month=2026-01%00', { token: owner.token });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      code: 'validation.failed',
      fields: { month: validationMessagesHe.unsupportedCharacters },
    });
  });

  it('refuses U+0000 in a multipart product field too', async () => {
    const form = new FormData();
    for (const [key, value] of Object.entries({ name: 'מאפה\u0000', price: '5', categoryId: '1' }))
      form.append(key, value);
    const answer = await call(app, 'POST', '/api/products', { token: owner.token, form });
    expect(answer.status).toBe(400);
    expect((await call(app, 'GET', '/api/health/database')).status).toBe(200);
  });
});
