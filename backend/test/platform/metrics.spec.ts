import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  PaymentProviderError,
  type PaymentProvider,
  type RefundRequest,
} from '../../src/modules/payments/payment-provider.port.js';
import { countedPaymentProvider } from '../../src/modules/payments/counted-payment-provider.js';
import { EVENT_STORE, type EventStore } from '../../src/platform/event-store/event-store.port.js';
import { recordBackupOutcome } from '../../src/platform/backup/backup-status.js';
import { UNMATCHED_ROUTE } from '../../src/platform/metrics/http-metrics.js';
import { Metrics } from '../../src/platform/metrics/metrics.js';
import { countedSmsSender } from '../../src/platform/sms/counted-sms.sender.js';
import { SmsDeliveryError } from '../../src/platform/sms/sms.port.js';
import { parkEvent } from '../../src/platform/processing/checkpoint-store.js';
import { ProcessorRunner } from '../../src/platform/processing/processor-runner.js';
import { registerOwner, type SignedInOwner } from '../support/accounts.js';
import { call } from '../support/http-client.js';
import { openShop, type Shop } from '../support/checkout.js';
import { dinerPays } from '../support/paid-order.js';
import {
  METRICS_TOKEN,
  parseExposition,
  scrape,
  scrapeParsed,
  seriesOf,
  valueOf,
  type Exposition,
} from '../support/prometheus.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { newEvent, until } from '../event-store/event-factory.js';
import { registeredRoutes } from '../security/registered-routes.js';
import { OPERATOR_ROUTE_ACCESS } from '../security/route-audiences.js';

// The operator's view of an instance (issue 35, decision 059): Prometheus' text at /metrics behind METRICS_TOKEN, read
// here by a Prometheus text-format parser, never by our own reading of the lines.

let app: TestApp;
let owner: SignedInOwner;
let shop: Shop;

beforeAll(async () => {
  app = await startTestApp({ METRICS_TOKEN });
  owner = await registerOwner(app);
  shop = await openShop(app, owner);
}, 120_000);
afterAll(() => app?.close());

/** The processors' figures of one gauge, by processor. */
function byProcessor(exposition: Exposition, name: string): Map<string, number> {
  const samples = exposition.families.get(name)?.metrics ?? [];
  return new Map(samples.map((sample) => [sample.labels?.processor ?? '', Number(sample.value)]));
}

describe('GET /metrics', () => {
  it('is listed as an operator route and registered', () => {
    const registered = registeredRoutes(app).map((route) => route.key);
    for (const key of Object.keys(OPERATOR_ROUTE_ACCESS)) expect(registered).toContain(key);
  });

  it('refuses a request without the token, with another token or another scheme: 401 in the envelope', async () => {
    const wrongLastCharacter = `${METRICS_TOKEN.slice(0, -1)}${METRICS_TOKEN.endsWith('x') ? 'y' : 'x'}`;
    for (const authorization of [
      '',
      'Bearer ',
      `Bearer ${wrongLastCharacter}`,
      `Basic ${METRICS_TOKEN}`,
      METRICS_TOKEN,
    ]) {
      const response = await scrape(app, authorization);
      expect({ authorization, status: response.status, body: await response.json() }).toMatchObject({
        authorization,
        status: 401,
        body: { success: false, code: 'auth.unauthenticated' },
      });
    }
  });

  it('answers the text format, which the parser reads whole: the process, Node.js and our figures', async () => {
    const response = await scrape(app);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const exposition = await scrapeParsed(app);
    const names = [...exposition.families.keys()];
    for (const name of [
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
    ]) {
      expect(names).toContain(name);
    }
    // Every figure of ours carries the prefix; the rest are prom-client's own.
    expect(names.filter((name) => !/^(tafrit_|process_|nodejs_)/.test(name))).toEqual([]);
    expect(valueOf(exposition, 'tafrit_database_up')).toBe(1);
    expect(valueOf(exposition, 'tafrit_startup_steps_pending')).toBe(0);
    expect(valueOf(exposition, 'tafrit_database_pool_connections', { state: 'max' })).toBeGreaterThanOrEqual(1);
    expect(valueOf(exposition, 'tafrit_event_loop_delay_seconds', { stat: 'p99' })).toBeGreaterThanOrEqual(0);
    // The gateways' namespaces, with no socket open.
    expect(valueOf(exposition, 'tafrit_sockets_open', { namespace: '/owner' })).toBe(0);
  });

  it("labels request durations by the route's template, never by the address asked", async () => {
    const unknownDepartment = randomUUID().replaceAll('-', '').slice(0, 16);
    const unknownAddress = `/api/no-such-place-${randomUUID()}`;
    expect((await fetch(`${app.url}/api/menu/${unknownDepartment}`)).status).toBe(404);
    expect((await fetch(`${app.url}${unknownAddress}`)).status).toBe(404);
    // Counted when the answer has gone out (Fastify's onResponse), which may be just after the client read it.
    let counts: ReturnType<typeof seriesOf> = [];
    const counted = (route: string) =>
      counts.some(({ labels }) => labels.method === 'GET' && labels.route === route && labels.status_code === '404');
    await until(async () => {
      counts = seriesOf(await scrapeParsed(app), 'tafrit_http_request_duration_seconds_count');
      return counted('/api/menu/:departmentId') && counted(UNMATCHED_ROUTE);
    }, 30_000);
    const labelValues = counts.flatMap(({ labels }) => Object.values(labels)).join(' ');
    expect(labelValues).not.toContain(unknownDepartment);
    expect(labelValues).not.toContain(unknownAddress);
  });

  it("counts a paid order, what it came to, and the payment provider's calls by outcome", async () => {
    const before = await scrapeParsed(app);
    const provider = { provider: 'sandbox', outcome: 'ok' };
    await dinerPays(app, shop);
    const after = await scrapeParsed(app);
    const grew = (name: string, labels: Record<string, string> = {}) =>
      (valueOf(after, name, labels) ?? 0) - (valueOf(before, name, labels) ?? 0);
    expect(grew('tafrit_orders_paid_total')).toBe(1);
    expect(grew('tafrit_orders_paid_agorot_total')).toBe(4_100);
    expect(grew('tafrit_payment_provider_calls_total', { ...provider, operation: 'openPaymentPage' })).toBe(1);
    expect(grew('tafrit_payment_provider_calls_total', { ...provider, operation: 'getResult' })).toBeGreaterThan(0);
  });

  it('counts SMS messages by kind and outcome', async () => {
    const labels = { provider: 'log', kind: 'owner-sign-in-code', outcome: 'sent' };
    const before = valueOf(await scrapeParsed(app), 'tafrit_sms_messages_total', labels) ?? 0;
    const sent = await call(app, 'POST', '/api/send-otp', { body: { phone: owner.phone }, ip: '10.35.0.1' });
    expect(sent.status).toBe(200);
    expect(valueOf(await scrapeParsed(app), 'tafrit_sms_messages_total', labels)).toBe(before + 1);
  });

  it("counts a gateway's refusal as failed, and a provider's refusal and error apart from its answers", async () => {
    const metrics = new Metrics();
    try {
      const refusing = countedSmsSender(
        {
          provider: 'inforu',
          send: () => Promise.reject(new SmsDeliveryError('inforu', 'refused')),
        },
        metrics,
      );
      const message = { to: '+972501234567', text: 'שלום', kind: 'receipt' } as const;
      await expect(refusing.send(message)).rejects.toBeInstanceOf(SmsDeliveryError);
      const provider = countedPaymentProvider(
        {
          name: 'cardcom',
          refundsIdempotent: true,
          refund: async () => ({ status: 'failed', responseCode: '6', reason: 'already refunded' }),
          getResult: () => Promise.reject(new PaymentProviderError('unreachable')),
        } as unknown as PaymentProvider,
        metrics,
      );
      await provider.refund({} as RefundRequest);
      await expect(provider.getResult('page', { owner: 'platform', credentials: null })).rejects.toThrow();
      const exposition = parseExposition((await metrics.exposition()).text);
      const calls = (operation: string, outcome: string) =>
        valueOf(exposition, 'tafrit_payment_provider_calls_total', { provider: 'cardcom', operation, outcome });
      expect(
        valueOf(exposition, 'tafrit_sms_messages_total', { provider: 'inforu', kind: 'receipt', outcome: 'failed' }),
      ).toBe(1);
      expect(calls('refund', 'refused')).toBe(1);
      expect(calls('getResult', 'error')).toBe(1);
      expect(calls('refund', 'ok')).toBeUndefined();
    } finally {
      metrics.close();
    }
  });

  it("shows each processor's lag rising while it is stopped and falling back to 0 when it resumes", async () => {
    const runner = app.app.get(ProcessorRunner);
    const store = app.app.get<EventStore>(EVENT_STORE);
    await runner.runUntilIdle();
    const caughtUp = byProcessor(await scrapeParsed(app), 'tafrit_processor_lag_events');
    expect([...caughtUp.keys()].sort()).toEqual([...runner.processorNames].sort());
    expect([...caughtUp.values()].every((lag) => lag === 0)).toBe(true);

    await runner.stop();
    try {
      const events = ['MetricsProbed', 'MetricsProbed', 'MetricsProbed'].map((type) => newEvent(type));
      await store.appendToStream(`metricsprobe-${randomUUID()}`, events, { expectedVersion: 'no_stream' });
      const stopped = byProcessor(await scrapeParsed(app), 'tafrit_processor_lag_events');
      for (const name of runner.processorNames) expect({ name, lag: stopped.get(name) }).toEqual({ name, lag: 3 });
    } finally {
      runner.start();
    }
    await runner.runUntilIdle();
    const resumed = byProcessor(await scrapeParsed(app), 'tafrit_processor_lag_events');
    expect([...resumed.entries()].filter(([, lag]) => lag !== 0)).toEqual([]);
  });

  it("shows a processor's parked events", async () => {
    const runner = app.app.get(ProcessorRunner);
    const store = app.app.get<EventStore>(EVENT_STORE);
    const processor = runner.processorNames[0]!;
    const { events } = await store.appendToStream(`metricsprobe-${randomUUID()}`, [newEvent('MetricsProbed')], {
      expectedVersion: 'no_stream',
    });
    const before = byProcessor(await scrapeParsed(app), 'tafrit_processor_parked_events').get(processor) ?? 0;
    await parkEvent(app.database.em(), { processor, event: events[0]!, error: new Error('kept failing'), attempts: 3 });
    const after = byProcessor(await scrapeParsed(app), 'tafrit_processor_parked_events').get(processor);
    expect(after).toBe(before + 1);
  });

  it('shows the backups recorded: 0 before the first, then the last success and the failures', async () => {
    const before = await scrapeParsed(app);
    expect(valueOf(before, 'tafrit_backup_last_success_timestamp_seconds')).toBe(0);
    expect(valueOf(before, 'tafrit_backup_failures_total')).toBe(0);
    const at = new Date('2026-11-30T03:00:00Z');
    await recordBackupOutcome(app.config.backupDir, { ok: true, sizeBytes: 123_456, at, file: 'a.tar.gz' });
    await recordBackupOutcome(app.config.backupDir, { ok: false, at: new Date(), error: 'no room' });
    const after = await scrapeParsed(app);
    expect(valueOf(after, 'tafrit_backup_last_success_timestamp_seconds')).toBe(at.getTime() / 1_000);
    expect(valueOf(after, 'tafrit_backup_last_size_bytes')).toBe(123_456);
    expect(valueOf(after, 'tafrit_backup_failures_total')).toBe(1);
  });
});

describe('health for a load balancer', () => {
  it('answers liveness and readiness 200 once the database answers and every start-up step is done', async () => {
    for (const path of ['/api/health/live', '/api/health/ready']) {
      const response = await fetch(`${app.url}${path}`);
      expect({ path, status: response.status, body: await response.json() }).toMatchObject({
        path,
        status: 200,
        body: { success: true },
      });
    }
  });

  it('answers readiness 503 while a start-up step is not done, liveness still 200', async () => {
    // A step registered now waits for the next start: as a step that failed waits for its retry.
    app.database.onFirstReady('a step still to come', async () => undefined);
    const ready = await fetch(`${app.url}/api/health/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ success: false, error: 'starting' });
    expect((await fetch(`${app.url}/api/health/live`)).status).toBe(200);
    expect(valueOf(await scrapeParsed(app), 'tafrit_startup_steps_pending')).toBe(1);
  });
});

describe('without METRICS_TOKEN', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await startTestApp();
  }, 120_000);
  afterAll(() => bare?.close());

  it("answers /metrics with the API's 404 envelope, whatever the request carries", async () => {
    for (const authorization of ['', `Bearer ${METRICS_TOKEN}`]) {
      const response = await scrape(bare, authorization);
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ success: false, code: 'api.not_found' });
    }
  });
});
