import { ANY, NO_STREAM, START, type RecordedEvent as KurrentRecordedEvent } from '@kurrent/kurrentdb-client';
import { ConfigError, loadConfig } from '../../src/config/config.js';
import {
  isAfter,
  toEventData,
  toReadPosition,
  toRecordedEvent,
  toStreamState,
  versionOfRevision,
  versionOfStreamState,
} from '../../src/platform/event-store/kurrentdb/kurrentdb-mapping.js';
import { newEvent } from './event-factory.js';

// The KurrentDB adapter's translation, tested without a server (none is reachable on these machines).

describe('KurrentDB mapping: versions and revisions', () => {
  it('maps our 1-based expected version to the 0-based revision KurrentDB checks', () => {
    expect(toStreamState('any')).toBe(ANY);
    expect(toStreamState('no_stream')).toBe(NO_STREAM);
    expect(toStreamState(0)).toBe(NO_STREAM);
    expect(toStreamState(1)).toBe(0n);
    expect(toStreamState(42)).toBe(41n);
  });

  it('refuses expected versions that are not whole non-negative numbers', () => {
    for (const bad of [-1, 1.5, Number.NaN]) expect(() => toStreamState(bad)).toThrow('invalid expected version');
  });

  it("maps KurrentDB's revision and conflict state back to our versions", () => {
    expect(versionOfRevision(0n)).toBe(1);
    expect(versionOfRevision(41n)).toBe(42);
    expect(versionOfStreamState(NO_STREAM)).toBe(0);
    expect(versionOfStreamState(2n)).toBe(3);
    expect(() => versionOfRevision(BigInt(Number.MAX_SAFE_INTEGER))).toThrow('out of range');
  });
});

describe('KurrentDB mapping: events', () => {
  it("writes our metadata with KurrentDB's correlation and causation names", () => {
    const event = newEvent('OrderPaid', { orderId: 'o-1', totalAgorot: 4_250 });
    event.metadata.causationId = 'cause-1';
    const data = toEventData(event);
    expect(data).toMatchObject({ type: 'OrderPaid', contentType: 'application/json', data: event.data });
    expect(data.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(data.metadata).toEqual({ ...event.metadata, $correlationId: 'correlation-1', $causationId: 'cause-1' });
    expect(toEventData(newEvent('OrderPlaced')).metadata).not.toHaveProperty('$causationId');
  });

  it('reads an event back with exactly the metadata it was written with, and its place in $all', () => {
    const written = newEvent('OrderPlaced', { note: 'בלי בצל' });
    const stored = {
      streamId: 'order-7',
      id: '5b3f1c1e-1111-4c3b-9a55-000000000001',
      isJson: true,
      revision: 2n,
      type: 'OrderPlaced',
      created: new Date('2026-11-21T10:00:01.234Z'),
      data: written.data,
      metadata: toEventData(written).metadata,
    } as KurrentRecordedEvent;
    const position = { commit: 9_007_199_254_740_993n, prepare: 9_007_199_254_740_993n };
    expect(toRecordedEvent(stored, position)).toEqual({
      ...written,
      streamId: 'order-7',
      streamVersion: 3,
      // Positions past 2^53 survive: they are carried as decimal strings, never as JS numbers.
      transactionId: '9007199254740993',
      globalPosition: '9007199254740993',
      recordedAt: '2026-11-21T10:00:01.234Z',
    });
  });

  it('refuses events it cannot have written, and events without a position', () => {
    const base = { streamId: 's', id: 'x', revision: 0n, type: 'T', created: new Date(), metadata: {} };
    expect(() =>
      toRecordedEvent({ ...base, isJson: false, data: new Uint8Array() } as KurrentRecordedEvent, undefined),
    ).toThrow('not JSON');
    expect(() => toRecordedEvent({ ...base, isJson: true, data: {} } as KurrentRecordedEvent, undefined)).toThrow(
      '22.6 or later',
    );
    expect(() =>
      toRecordedEvent({ ...base, isJson: true, data: {}, metadata: undefined } as KurrentRecordedEvent, {
        commit: 1n,
        prepare: 1n,
      }),
    ).toThrow('without JSON metadata');
  });
});

describe('KurrentDB mapping: positions in $all', () => {
  it('reads from the start for no checkpoint or a fresh (0, 0) one', () => {
    expect(toReadPosition(undefined)).toBe(START);
    expect(toReadPosition({ transactionId: '0', globalPosition: '0' })).toBe(START);
    expect(toReadPosition({ transactionId: '12', globalPosition: '10' })).toEqual({ commit: 12n, prepare: 10n });
  });

  it('orders by commit position, then prepare position', () => {
    const after = { transactionId: '100', globalPosition: '90' };
    expect(isAfter({ commit: 100n, prepare: 90n }, after)).toBe(false);
    expect(isAfter({ commit: 100n, prepare: 91n }, after)).toBe(true);
    expect(isAfter({ commit: 99n, prepare: 500n }, after)).toBe(false);
    expect(isAfter({ commit: 101n, prepare: 1n }, after)).toBe(true);
    expect(isAfter({ commit: 0n, prepare: 0n }, undefined)).toBe(true);
  });
});

describe('EVENTSTORE_URL', () => {
  const base = {
    DATABASE_URL: 'postgres://postgres@db/tafrit',
    JWT_SECRET: 'x'.repeat(32),
    SECRETS_KEYS: `k1:${Buffer.alloc(32, 1).toString('base64')}`,
  };

  it('is unset by default, or when empty: the log stays in PostgreSQL', () => {
    expect(loadConfig(base).eventStoreUrl).toBeUndefined();
    expect(loadConfig({ ...base, EVENTSTORE_URL: '' }).eventStoreUrl).toBeUndefined();
  });

  it('accepts KurrentDB connection strings', () => {
    for (const value of [
      'kurrentdb://kurrentdb:2113?tls=false',
      'kurrentdb+discover://a:2113,b:2113',
      'esdb://x:2113',
    ]) {
      expect(loadConfig({ ...base, EVENTSTORE_URL: value }).eventStoreUrl).toBe(value);
    }
  });

  it('refuses anything else, naming the variable', () => {
    expect(() => loadConfig({ ...base, EVENTSTORE_URL: 'http://kurrentdb:2113' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, EVENTSTORE_URL: 'http://kurrentdb:2113' })).toThrow(/EVENTSTORE_URL/);
  });
});
