import { describe, expect, it } from '@jest/globals';
import type { EventActor, RecordedEvent } from '../../../platform/event-store/event-store.port.js';
import { ACTIVITY_EVENT_TYPES, actOf } from './activity-acts.js';

// Which events are a person's acts on the activity page, whose business they are, and what they are filed under.

const PHONE = '+972521234567';
const DANA = '0e9c1f7a-1111-4a2b-8c3d-4e5f6a7b8c9d';
const SCREEN = '9a8b7c6d-2222-4e5f-8a9b-0c1d2e3f4a5b';
const ORDER = '3b0d2f4e-8c61-4f0a-9a51-0f6a2d1c9e11';

function recorded(streamId: string, type: string, data: Record<string, unknown>, actor: EventActor): RecordedEvent {
  return {
    type,
    data,
    metadata: { correlationId: 'c', actor, occurredAt: '2026-12-01T10:00:00.000Z', schemaVersion: 1 },
    streamId,
    streamVersion: 1,
    globalPosition: '42',
    transactionId: '7',
    recordedAt: '2026-12-01T10:00:00.000Z',
  };
}

describe('the acts of the activity page', () => {
  it("never follows the diner's paid-order events, so a diner's order costs it nothing", () => {
    for (const type of ['OrderPlaced', 'PaymentPageOpened', 'OrderPaid', 'InvoiceIssued', 'SlipQueued']) {
      expect(ACTIVITY_EVENT_TYPES).not.toContain(type);
    }
  });

  it("files a promo code's change under the menu, in the business of its stream (issue 33)", () => {
    const created = actOf(
      recorded(
        `promos-${PHONE}`,
        'PromoCodeCreated',
        { promoCodeId: 'p1', code: 'HAPPY', at: '2026-12-01T10:00:00.000Z' },
        { kind: 'member', id: DANA, role: 'manager' },
      ),
    );
    expect(created).toMatchObject({ businessPhone: PHONE, kind: 'menu', type: 'PromoCodeCreated', actorId: DANA });
  });

  it("files a kitchen step under orders and a refund under refunds, in the order's business", () => {
    const accepted = actOf(
      recorded(
        `order-${ORDER}`,
        'OrderAccepted',
        { orderId: ORDER, businessPhone: PHONE },
        {
          kind: 'member',
          id: DANA,
          role: 'kitchen',
          screenId: SCREEN,
        },
      ),
    );
    expect(accepted).toMatchObject({
      businessPhone: PHONE,
      kind: 'orders',
      actorKind: 'member',
      actorId: DANA,
      actorRole: 'kitchen',
      screenId: SCREEN,
      orderId: ORDER,
      position: '42',
    });
    const refund = actOf(
      recorded(
        `order-${ORDER}`,
        'RefundRequested',
        { orderId: ORDER, businessPhone: PHONE, amountAgorot: 1200 },
        { kind: 'owner', id: PHONE },
      ),
    );
    expect(refund).toMatchObject({ kind: 'refunds', actorId: 'owner', actorRole: 'owner', amountAgorot: 1200 });
  });

  it('takes the business from the stream, the longest category first', () => {
    const translated = actOf(
      recorded(`menu-translations-${PHONE}`, 'MenuItemTranslated', { name: 'Coffee' }, { kind: 'owner' }),
    );
    expect(translated).toMatchObject({ businessPhone: PHONE, kind: 'menu' });
    const menu = actOf(
      recorded(`menu-${PHONE}`, 'MenuChanged', { change: 'product.created' }, { kind: 'screen', id: SCREEN }),
    );
    expect(menu).toMatchObject({ businessPhone: PHONE, kind: 'menu', change: 'product.created', actorId: SCREEN });
    const invited = actOf(
      recorded(
        `team-${PHONE}`,
        'TeamMemberInvited',
        { memberId: DANA, name: 'דנה', role: 'kitchen' },
        {
          kind: 'owner',
        },
      ),
    );
    expect(invited).toMatchObject({ kind: 'team', subjectId: DANA, subjectName: 'דנה', role: 'kitchen' });
  });

  it('keeps an administrator by kind only: their phone is not the business’s to see', () => {
    const paused = actOf(recorded(`business-${PHONE}`, 'BusinessPaused', {}, { kind: 'admin', id: '+972547654321' }));
    expect(paused).toMatchObject({ kind: 'settings', actorKind: 'admin', actorId: null, actorRole: null });
  });

  it('is no act when nobody of the business did it, or it is about no one business', () => {
    const system = recorded(
      `order-${ORDER}`,
      'OrderAccepted',
      { orderId: ORDER, businessPhone: PHONE },
      {
        kind: 'system',
        id: 'auto-accept',
      },
    );
    const agent = recorded(`printer-${PHONE}`, 'PrinterOnline', {}, { kind: 'agent', id: 'a1' });
    const payout = recorded('payout-2026-11', 'PayoutBatchCreated', {}, { kind: 'admin', id: '+972547654321' });
    expect([actOf(system), actOf(agent), actOf(payout)]).toEqual([undefined, undefined, undefined]);
  });
});
