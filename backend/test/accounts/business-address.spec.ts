import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CommandBus } from '@nestjs/cqrs';
import { RegisterBusinessCommand } from '../../src/modules/accounts/application/register-business.command.js';
import { SessionIssuer } from '../../src/modules/accounts/application/session-issuer.js';
import { InvoiceLinks } from '../../src/modules/invoicing/application/invoice-links.js';
import { EVENT_STORE, type EventStore } from '../../src/platform/event-store/event-store.port.js';
import { newPhone, registerOwner, registrationForm } from '../support/accounts.js';
import { call } from '../support/http-client.js';
import { recordOrder } from '../support/orders.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let app: TestApp;
let store: EventStore;
let links: InvoiceLinks;

beforeAll(async () => {
  app = await startTestApp();
  store = app.app.get(EVENT_STORE);
  links = new InvoiceLinks(app.config.jwtSecret);
});
afterAll(() => app.close());

const setAddress = (token: string, body: unknown) => call(app, 'PUT', '/api/business/address', { token, body });
const invoicePage = async (orderId: string) => (await call<string>(app, 'GET', links.urlFor(orderId))).body;

/** A business registered before addresses were asked: its registration event has none. */
async function registeredBefore(): Promise<{ phone: string; token: string; departmentId: string }> {
  const { phone: _local, ...form } = registrationForm();
  const phone = newPhone().e164;
  const { departmentId } = await app.app.get(CommandBus).execute(
    new RegisterBusinessCommand(
      {
        phone,
        fullName: form.fullName!,
        businessName: 'קפה ותיק',
        email: form.email,
        idNumber: form.idNumber!,
        receiptPhone: null,
        bankName: '12',
        branch: '600',
        accountNumber: '123456',
        beneficiaryName: form.beneficiaryName!,
        cardcom: { enabled: false, terminalNumber: null, apiName: null },
      },
      { actor: { kind: 'system', id: 'test' }, correlationId: randomUUID() },
    ),
  );
  const client = { ip: '10.3.0.1', userAgent: 'test' };
  const { token } = await app.app.get(SessionIssuer).signIn({ audience: 'owner', userId: phone, client });
  return { phone, token, departmentId };
}

describe("the business's address (issue 17)", () => {
  it('is required at registration, the city from the list of localities, with Hebrew messages', async () => {
    const { street: _street, city: _city, ...without } = registrationForm();
    const missing = await call(app, 'POST', '/api/register', { body: without, ip: '10.3.1.1' });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      code: 'validation.failed',
      fields: { street: 'נא להזין רחוב ומספר בית', city: 'נא לבחור יישוב מהרשימה' },
    });
    const unknownCity = await call(app, 'POST', '/api/register', {
      body: registrationForm({ city: 'עיר שאינה קיימת' }),
      ip: '10.3.1.2',
    });
    expect(unknownCity.status).toBe(400);
    expect(unknownCity.body).toMatchObject({ fields: { city: 'נא לבחור יישוב מהרשימה' } });
  });

  it('is recorded with the registration and answered in the profile', async () => {
    const owner = await registerOwner(app, { street: '  הרצל 12 ', city: 'תל אביב-יפו' });
    const profile = await call(app, 'GET', '/api/business/profile', { token: owner.token });
    expect(profile.body.data).toMatchObject({ business: { street: 'הרצל 12', city: 'תל אביב-יפו' } });
    const [registered] = (await store.readStream(`business-${owner.phone}`)).events;
    expect(registered?.data).toMatchObject({ address: { street: 'הרצל 12', city: 'תל אביב-יפו' } });
  });

  it('a business registered before has none until it gives one in settings; a bad city changes nothing', async () => {
    const old = await registeredBefore();
    const before = await call(app, 'GET', '/api/business/profile', { token: old.token });
    expect(before.body.data).toMatchObject({ business: { street: null, city: null } });

    const bad = await setAddress(old.token, { street: 'יפו 3', city: 'Jerusalem' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'validation.failed', fields: { city: 'נא לבחור יישוב מהרשימה' } });

    const saved = await setAddress(old.token, { street: 'יפו 3', city: 'ירושלים' });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ business: { street: 'יפו 3', city: 'ירושלים' } });
    expect((await setAddress(old.token, { street: 'יפו 3', city: 'ירושלים' })).status).toBe(200);
    const types = (await store.readStream(`business-${old.phone}`)).events.map((event) => event.type);
    expect(types).toEqual(['BusinessRegistered', 'BusinessAddressChanged']);
  });

  it('needs the owner: no token is 401, and malformed bodies are 400, never 500', async () => {
    expect((await call(app, 'PUT', '/api/business/address', { body: { street: 'x', city: 'חיפה' } })).status).toBe(401);
    const owner = await registerOwner(app);
    for (const body of [null, [], 'text', { street: 5, city: ['חיפה'] }, { street: 'א'.repeat(101), city: 'חיפה' }]) {
      expect((await setAddress(owner.token, body)).status).toBe(400);
    }
  });

  it('is printed on the invoice with the name, dealer number and phone; an older invoice keeps its block', async () => {
    const old = await registeredBefore();
    const before = await recordOrder(app, {
      businessPhone: old.phone,
      departmentId: old.departmentId,
      orderNumber: 1,
      paidAt: new Date().toISOString(),
    });
    const oldPage = await invoicePage(before.orderId);
    expect(oldPage).toContain('קפה ותיק');
    expect(oldPage).toContain('<bdi dir="ltr">515678902</bdi>');
    expect(oldPage).not.toContain('ירושלים');

    await setAddress(old.token, { street: 'יפו 3', city: 'ירושלים' });
    const after = await recordOrder(app, {
      businessPhone: old.phone,
      departmentId: old.departmentId,
      orderNumber: 2,
      paidAt: new Date().toISOString(),
    });
    const newPage = await invoicePage(after.orderId);
    expect(newPage).toContain('<p><bdi>יפו 3, ירושלים</bdi></p>');
    expect(newPage).toMatch(/טלפון <bdi dir="ltr">05\d-?\d{7}<\/bdi>/);
    // The invoice event carries the block as printed.
    const issued = (await store.readStream(`order-${after.orderId}`)).events.find((e) => e.type === 'InvoiceIssued');
    expect(issued?.data).toMatchObject({ seller: { name: 'קפה ותיק', street: 'יפו 3', city: 'ירושלים' } });

    // Moving again changes neither document.
    await setAddress(old.token, { street: 'הנביאים 1', city: 'חיפה' });
    expect(await invoicePage(before.orderId)).not.toContain('ירושלים');
    expect(await invoicePage(after.orderId)).toContain('<p><bdi>יפו 3, ירושלים</bdi></p>');
    expect(await invoicePage(after.orderId)).not.toContain('חיפה');
  });
});
