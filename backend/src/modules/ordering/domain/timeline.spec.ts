import { describe, expect, it } from '@jest/globals';
import type { EventActor, RecordedEvent } from '../../../platform/event-store/event-store.port.js';
import { timelineOf } from './timeline.js';

// The order's timeline from its own events, with no database: which steps show, and who each step names.

const ORDER = '3b0d2f4e-8c61-4f0a-9a51-0f6a2d1c9e11';
const REFUND = '5c7e9a1b-2d3f-4e5a-8b6c-7d8e9f0a1b2c';
const DANA = { kind: 'member', id: '0e9c1f7a-1111-4a2b-8c3d-4e5f6a7b8c9d', role: 'manager' } as const;
const SCREEN = { kind: 'screen', id: '9a8b7c6d-2222-4e5f-8a9b-0c1d2e3f4a5b', role: 'kitchen' } as const;
const PAYMENTS: EventActor = { kind: 'system', id: 'payments:sandbox' };

let position = 0;
function recorded(type: string, data: Record<string, unknown>, actor: EventActor, at: string): RecordedEvent {
  position += 1;
  return {
    type,
    data: { orderId: ORDER, businessPhone: '+972521234567', ...data },
    metadata: { correlationId: `c${position}`, actor, occurredAt: at, schemaVersion: 1 },
    streamId: `order-${ORDER}`,
    streamVersion: position,
    globalPosition: String(position),
    transactionId: String(position),
    recordedAt: at,
  };
}

describe("an order's timeline", () => {
  it('names the person who asked for a refund on the provider’s answer, not the system', () => {
    const steps = timelineOf([
      recorded('OrderPlaced', { orderNumber: 7 }, { kind: 'diner' }, '2026-12-01T10:00:00.000Z'),
      recorded('PaymentPageOpened', {}, { kind: 'diner' }, '2026-12-01T10:00:01.000Z'),
      recorded('OrderPaid', { amountAgorot: 2400 }, PAYMENTS, '2026-12-01T10:01:00.000Z'),
      recorded('OrderAccepted', { estimatedReadyAt: '2026-12-01T10:16:00.000Z' }, SCREEN, '2026-12-01T10:02:00.000Z'),
      recorded(
        'RefundRequested',
        { refundId: REFUND, amountAgorot: 1200, reason: 'חסר מוצר' },
        DANA,
        '2026-12-01T10:05:00.000Z',
      ),
      recorded('OrderRefunded', { refundId: REFUND, amountAgorot: 1200 }, PAYMENTS, '2026-12-01T10:05:01.000Z'),
    ]);
    expect(steps.map((step) => [step.type, step.actor])).toEqual([
      ['OrderPlaced', { kind: 'diner' }],
      ['OrderPaid', PAYMENTS],
      ['OrderAccepted', SCREEN],
      ['RefundRequested', DANA],
      ['OrderRefunded', DANA],
    ]);
    expect(steps.find((step) => step.type === 'OrderRefunded')).toMatchObject({
      amountAgorot: 1200,
      at: '2026-12-01T10:05:01.000Z',
    });
    expect(steps.find((step) => step.type === 'OrderPaid')?.amountAgorot).toBe(2400);
    expect(steps.find((step) => step.type === 'OrderAccepted')?.detail).toBe('2026-12-01T10:16:00.000Z');
    expect(steps.find((step) => step.type === 'RefundRequested')?.detail).toBe('חסר מוצר');
  });

  it('leaves out the steps nobody reads (the payment page, a ready SMS asked for)', () => {
    const steps = timelineOf([
      recorded('PaymentPageOpened', {}, { kind: 'diner' }, '2026-12-01T10:00:01.000Z'),
      recorded('ReadySmsRequested', { language: 'he' }, { kind: 'diner' }, '2026-12-01T10:00:02.000Z'),
      recorded('SlipQueued', { slipId: 's1' }, PAYMENTS, '2026-12-01T10:00:03.000Z'),
    ]);
    expect(steps).toEqual([]);
  });

  it('keeps a refund refused under the system when no request of it is in the stream', () => {
    const [step] = timelineOf([
      recorded('RefundFailed', { refundId: REFUND, reason: 'סירוב' }, PAYMENTS, '2026-12-01T10:05:01.000Z'),
    ]);
    expect(step).toMatchObject({ type: 'RefundFailed', actor: PAYMENTS, detail: 'סירוב', amountAgorot: null });
  });
});
