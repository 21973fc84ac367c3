import type { OrderItemOptionView, OrderItemView } from '@tafrit/contracts';
import { defineEntity, p } from '@mikro-orm/core';

/** An order line as the spec's `items` shows it: `price` in shekels (12.5 for ₪12.50). */
export interface OrderLineSnapshot {
  productId: number;
  name: string;
  price: number;
  quantity: number;
  /** The line's choices as ordered (absent: none), `price` in shekels. */
  options?: OrderItemOptionView[];
  /** The name the diner read in their language (absent: Hebrew, or an order placed before it was kept). */
  translatedName?: OrderItemView['translatedName'];
}

/** Read model of the `order-{id}` streams (product-spec §3 `orders`); written only by the ordering projection. */
export const OrderEntity = defineEntity({
  name: 'Order',
  tableName: 'orders',
  properties: {
    id: p.uuid().primary(),
    businessId: p.string().length(16),
    orderNumber: p.integer(),
    customerName: p.string().length(200).nullable(),
    customerPhone: p.string().length(16).nullable(),
    items: p.json<OrderLineSnapshot[]>(),
    totalAmount: p.decimal('string').precision(10).scale(2),
    commission: p.decimal('string').precision(10).scale(2),
    netAmount: p.decimal('string').precision(10).scale(2),
    /** The diner's tip, inside totalAmount and apart from the sale (issue 17). */
    tipAmount: p.decimal('string').precision(10).scale(2).default('0'),
    remarks: p.string().length(500).nullable(),
    tableNumber: p.integer().nullable(),
    dinerSessionId: p.string().length(64).nullable(),
    status: p.string().length(20).default('pending'),
    paymentMethod: p.string().length(20).default('credit_card'),
    paymentStatus: p.string().length(20).default('pending'),
    cardcomLowProfileId: p.string().length(64).nullable(),
    cardcomTransactionId: p.string().length(64).nullable(),
    invoiceNumber: p.string().length(32).nullable(),
    invoiceUrl: p.string().length(500).nullable(),
    invoiceStatus: p.string().length(20).default('pending'),
    departmentId: p.string().length(64).nullable(),
    paymentProvider: p.string().length(20).nullable(),
    cardLast4: p.string().length(4).nullable(),
    cardBrand: p.string().length(40).nullable(),
    approvalNumber: p.string().length(40).nullable(),
    paidAt: p.datetime().columnType('timestamptz').nullable(),
    orderDate: p.datetime().columnType('timestamptz'),
    /** The owner's test order (decision 034): never charged, in no report; `paymentStatus` is 'test'. */
    isTest: p.boolean().default(false),
    /** The slip's state (`none`, `queued`, `printed`, `failed`); null on a row older than its snapshot. */
    slipStatus: p.string().length(10).nullable(),
    /** What the provider returned on the order (its refunds made), within totalAmount. */
    refundedAmount: p.decimal('string').precision(10).scale(2).default('0'),
    /** The last refund when the provider refused it (the console shows why); null otherwise. */
    refundRefusedId: p.string().length(64).nullable(),
    refundRefusedReason: p.text().nullable(),
    /** Where the diner came from (issue 33, fixed at placing): `table`, `window`, `link`; null: not recorded. */
    sourceChannel: p.string().length(10).nullable(),
    /** A shared link's `?src=` tag (1 to 32 of a-z, 0-9, `_`, `-`); null: none. */
    sourceTag: p.string().length(32).nullable(),
    /** The promo code the order was placed with (issue 33); null: none. */
    promoCode: p.string().length(30).nullable(),
    /** What the code took off the items, in agorot (0: none). */
    discountAgorot: p.integer().default(0),
    /** Order ahead (issue 33): the pickup time and when its preparation starts; null: as soon as possible. */
    pickupAt: p.datetime().columnType('timestamptz').nullable(),
    dueAt: p.datetime().columnType('timestamptz').nullable(),
    /** A shared bill's payers other than its placer (issue 34, decision 056); empty: one payer. */
    payerSessions: p.array().defaultRaw("'{}'"),
    streamVersion: p.integer().default(0),
    createdAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
  },
});
export type Order = InstanceType<typeof OrderEntity.class>;
