import { describe, expect, it } from 'vitest';
import { agentDownloadName, pairingCodeSchema } from './printing.js';
import {
  kitchenStepSchema,
  liveEventSchema,
  SOCKET_EVENTS,
  SOCKET_NAMESPACES,
  socketEventNamespace,
  socketPayloadSchemas,
} from './sockets.js';

describe('socket contract', () => {
  it('gives every event a payload schema and a namespace', () => {
    for (const name of Object.values(SOCKET_EVENTS)) {
      expect(socketPayloadSchemas[name]).toBeDefined();
      expect(Object.values(SOCKET_NAMESPACES)).toContain(socketEventNamespace[name]);
    }
  });

  it('keeps slips on the agent namespace and live events on the owner namespace', () => {
    expect(socketEventNamespace['slip.print']).toBe('/agent');
    expect(socketEventNamespace['live.event']).toBe('/owner');
  });

  it('accepts a paid order event and refuses one without its position', () => {
    const order = {
      orderId: 'b3a5c1de-0000-4000-8000-000000000001',
      orderNumber: 7,
      paidAt: '2026-11-21T10:00:00.000Z',
      tableNumber: 4,
      lines: [{ name: 'שקשוקה', quantity: 2, lineTotalAgorot: 9800 }],
      remarks: 'בלי בצל',
      totalAgorot: 9800,
      status: 'paid',
      printStatus: 'queued',
      printError: null,
    };
    // An order stored before refunds existed reads as nothing refunded.
    expect(liveEventSchema.parse({ kind: 'order.paid', position: 12, order })).toEqual({
      kind: 'order.paid',
      position: 12,
      order: { ...order, refundedAgorot: 0 },
    });
    expect(liveEventSchema.safeParse({ kind: 'order.paid', order }).success).toBe(false);
  });

  it("accepts a refund's event with the order's refunded total, never a negative one", () => {
    const refunded = {
      kind: 'order.refunded',
      position: 13,
      orderId: 'b3a5c1de-0000-4000-8000-000000000001',
      refundedAgorot: 1450,
      at: '2026-11-21T10:05:00.000Z',
    };
    expect(liveEventSchema.parse(refunded)).toEqual(refunded);
    expect(liveEventSchema.safeParse({ ...refunded, refundedAgorot: -1 }).success).toBe(false);
  });

  it('requires a reason-free ack to name its slip and a known status', () => {
    const ack = socketPayloadSchemas['slip.ack'];
    expect(ack.safeParse({ slipId: 'slip-1', status: 'printed' }).success).toBe(true);
    expect(ack.safeParse({ slipId: 'slip-1', status: 'maybe' }).success).toBe(false);
    expect(ack.safeParse({ status: 'printed' }).success).toBe(false);
  });
});

describe('printing contract', () => {
  it('normalises a pairing code typed with spaces, dashes or lower case', () => {
    expect(pairingCodeSchema.parse(' abcd-2345 ')).toBe('ABCD2345');
    expect(pairingCodeSchema.safeParse('ABCD-0000').success).toBe(false);
    expect(pairingCodeSchema.safeParse('ABC').success).toBe(false);
  });

  it('names the downloads with the agent version', () => {
    expect(agentDownloadName('windows')).toBe('tafrit-agent-windows-20250920.zip');
  });
});

describe('the kitchen step (issue 18)', () => {
  it('takes an estimate in whole minutes, on accepting only', () => {
    expect(kitchenStepSchema.parse({ status: 'accepted', readyInMinutes: 15 })).toEqual({
      status: 'accepted',
      readyInMinutes: 15,
    });
    expect(kitchenStepSchema.parse({ status: 'ready' })).toEqual({ status: 'ready' });
    for (const wrong of [
      { status: 'ready', readyInMinutes: 5 },
      { status: 'accepted', readyInMinutes: 0 },
      { status: 'accepted', readyInMinutes: 241 },
      { status: 'accepted', readyInMinutes: 2.5 },
      { status: 'accepted', extra: true },
    ]) {
      expect(kitchenStepSchema.safeParse(wrong).success).toBe(false);
    }
  });
});
