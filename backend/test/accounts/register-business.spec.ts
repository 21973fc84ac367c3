import { randomUUID } from 'node:crypto';
import { CommandBus } from '@nestjs/cqrs';
import {
  RegisterBusinessCommand,
  type RegisterBusinessInput,
} from '../../src/modules/accounts/application/register-business.command.js';
import { BusinessEntity } from '../../src/modules/accounts/projections/business.entity.js';
import { EVENT_STORE, type EventStore } from '../../src/platform/event-store/event-store.port.js';
import { AppError } from '../../src/platform/http/app-error.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let app: TestApp;
let commands: CommandBus;
let store: EventStore;

beforeAll(async () => {
  app = await startTestApp();
  commands = app.app.get(CommandBus);
  store = app.app.get(EVENT_STORE);
});
afterAll(() => app.close());

const owner = (phone: string, email: string): RegisterBusinessInput => ({
  phone,
  fullName: 'אבי מזרחי',
  businessName: 'פלאפל אבי',
  email,
  idNumber: '515678902',
  bankName: '10',
  branch: '800',
  accountNumber: '99887766',
  beneficiaryName: 'אבי מזרחי',
  receiptPhone: null,
  cardcom: { enabled: false, terminalNumber: null, apiName: null },
});

const register = (input: RegisterBusinessInput) =>
  commands.execute(new RegisterBusinessCommand(input, { actor: { kind: 'owner' }, correlationId: randomUUID() }));

const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (error: unknown) =>
      error instanceof AppError || error instanceof Error ? (error as { code?: string }).code : error,
  );

describe('registering a business', () => {
  it('records BusinessRegistered and the read model sees it at once, with a department id nobody can guess', async () => {
    const { departmentId } = await register(owner('+972541234567', 'avi@example.co.il'));
    expect(departmentId).toMatch(/^[A-Za-z0-9_-]{16}$/);
    const row = await app.database.em().findOneOrFail(BusinessEntity, { phone: '+972541234567' });
    expect(row).toMatchObject({ departmentId, isActive: true, email: 'avi@example.co.il', streamVersion: 1 });
    const stream = await store.readStream('business-+972541234567');
    expect(stream.events.map((event) => event.type)).toEqual(['BusinessRegistered']);
    expect(stream.events[0]?.metadata).toMatchObject({ actor: { kind: 'owner' }, schemaVersion: 1 });
  });

  it('lets only one of two racing registrations of one phone succeed', async () => {
    const results = await Promise.all([
      outcome(register(owner('+972542345678', 'first@example.co.il'))),
      outcome(register(owner('+972542345678', 'second@example.co.il'))),
    ]);
    expect(results.sort()).toEqual(['business.phone_taken', 'ok']);
    expect((await store.readStream('business-+972542345678')).events).toHaveLength(1);
  });

  it('lets only one of two racing registrations of one e-mail succeed, leaving nothing half-created', async () => {
    const results = await Promise.all([
      outcome(register(owner('+972543456789', 'shared@example.co.il'))),
      outcome(register(owner('+972544567890', 'shared@example.co.il'))),
    ]);
    expect(results.sort()).toEqual(['business.email_taken', 'ok']);
    const streams = await Promise.all([
      store.readStream('business-+972543456789'),
      store.readStream('business-+972544567890'),
    ]);
    // The loser's event rolled back with its read-model row: one stream has one event, the other none.
    expect(streams.map((stream) => stream.events.length).sort()).toEqual([0, 1]);
    expect(await app.database.em().count(BusinessEntity, { email: 'shared@example.co.il' })).toBe(1);
  });
});
