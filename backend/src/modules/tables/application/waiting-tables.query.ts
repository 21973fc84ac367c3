import { Injectable } from '@nestjs/common';
import type { OwnerWaitingTable, OwnerWaitingTablesAnswer } from '@tafrit/contracts';
import { billAgorotOf } from '../domain/table-cart.decider.js';
import { BusinessTablesReader } from '../projections/business-tables.reader.js';
import { TableCartsReader } from '../projections/table-carts.reader.js';
import { TablePaymentsReader } from '../projections/table-payments.reader.js';
import { paymentsSummary } from './table-state.js';

/**
 * The owner's tables waiting for payment (issue 34): the café's carts checked out into an order that its parts do not
 * cover yet, each with its payers and what is left, overdue past the café's unpaid-share time (decided at `now`).
 * Only the owner's own business: every read is by their phone.
 */
@Injectable()
export class WaitingTablesQuery {
  constructor(
    private readonly carts: TableCartsReader,
    private readonly payments: TablePaymentsReader,
    private readonly tables: BusinessTablesReader,
  ) {}

  async of(businessPhone: string, now = new Date()): Promise<OwnerWaitingTablesAnswer> {
    const [paying, settings] = await Promise.all([this.carts.payingOf(businessPhone), this.tables.of(businessPhone)]);
    const orderIds = paying.map((cart) => cart.orderId).filter((id): id is string => id !== null);
    const parts = await this.payments.ofOrders(orderIds);
    const tables: OwnerWaitingTable[] = [];
    for (const cart of paying) {
      if (!cart.orderId) continue;
      const ofOrder = parts.get(cart.orderId) ?? [];
      const totalAgorot = billAgorotOf(cart);
      const summary = paymentsSummary(totalAgorot, {
        parts: ofOrder,
        unpaidShareMinutes: settings.unpaidShareMinutes,
        now,
      });
      const firstOpened = ofOrder.map((part) => part.openedAt).sort()[0];
      tables.push({
        number: cart.number,
        orderId: cart.orderId,
        orderNumber: cart.orderNumber,
        totalAgorot,
        paidAgorot: summary.paidAgorot,
        leftAgorot: summary.leftAgorot,
        payers: summary.payments.map((payment) => ({
          name: payment.name,
          colour: payment.colour,
          amountAgorot: payment.amountAgorot,
          itemsAgorot: payment.itemsAgorot ?? 0,
          status: payment.status === 'paid' ? 'paid' : 'pending',
          paidAt: payment.paidAt,
        })),
        since: firstOpened && firstOpened < cart.updatedAt ? firstOpened : cart.updatedAt,
        overdue: summary.unpaidSince !== null,
        unpaidSince: summary.unpaidSince,
      });
    }
    tables.sort((a, b) => a.since.localeCompare(b.since) || a.number - b.number);
    return { unpaidShareMinutes: settings.unpaidShareMinutes, tables };
  }
}
