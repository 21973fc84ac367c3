import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { type DomainEvent, type EventMetadata, eventMetadataSchema, eventSchema } from './events.js';

const orderPaid = eventSchema(
  'OrderPaid',
  z.object({ orderId: z.string(), amountAgorot: z.number().int(), paidAt: z.iso.datetime() }),
);

const metadata: EventMetadata = {
  correlationId: 'req-1',
  causationId: 'cmd-1',
  actor: { kind: 'system' },
  occurredAt: '2025-07-31T21:30:00.000Z',
  schemaVersion: 1,
};

const event = {
  type: 'OrderPaid',
  data: { orderId: 'o-1', amountAgorot: 1250, paidAt: '2025-07-31T21:30:00.000Z' },
  metadata,
};

describe('event schemas', () => {
  it('parses a stored event', () => {
    expect(orderPaid.parse(event)).toEqual(event);
  });

  it('infers the DomainEvent shape', () => {
    expectTypeOf<z.infer<typeof orderPaid>>().toEqualTypeOf<
      DomainEvent<'OrderPaid', { orderId: string; amountAgorot: number; paidAt: string }>
    >();
  });

  it('refuses another event type under the same schema', () => {
    expect(orderPaid.safeParse({ ...event, type: 'OrderPlaced' }).success).toBe(false);
  });

  it('refuses data that does not match', () => {
    expect(orderPaid.safeParse({ ...event, data: { ...event.data, amountAgorot: 12.5 } }).success).toBe(false);
  });

  it('accepts an Israel offset in the time and a named actor', () => {
    const parsed = eventMetadataSchema.parse({
      ...metadata,
      occurredAt: '2025-08-01T00:30:00+03:00',
      actor: { kind: 'owner', id: '+972547654321' },
    });
    expect(parsed.actor.id).toBe('+972547654321');
  });

  it.each([
    ['no correlation id', { correlationId: undefined }],
    ['an empty correlation id', { correlationId: '' }],
    ['an unknown actor kind', { actor: { kind: 'robot' } }],
    ['a time that is not ISO', { occurredAt: '31/07/2025 21:30' }],
    ['schema version 0', { schemaVersion: 0 }],
    ['a fractional schema version', { schemaVersion: 1.5 }],
  ])('refuses metadata with %s', (_label, change) => {
    expect(eventMetadataSchema.safeParse({ ...metadata, ...change }).success).toBe(false);
  });

  it('accepts every actor kind', () => {
    for (const kind of ['owner', 'admin', 'diner', 'system', 'agent']) {
      expect(eventMetadataSchema.safeParse({ ...metadata, actor: { kind } }).success).toBe(true);
    }
  });
});
