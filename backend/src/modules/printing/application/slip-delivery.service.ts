import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { PAPER_WIDTHS, type SlipAckPayload, type SlipPrintPayload } from '@tafrit/contracts';
import { BusinessReader } from '../../accounts/index.js';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { query } from '../../../platform/database/sql.js';
import { AppError } from '../../../platform/http/app-error.js';
import { ordersReader, RecordSlipOutcomeCommand } from '../../ordering/index.js';
import { LiveHub } from '../realtime/live-hub.js';
import { renderSlipEscpos } from '../slip/escpos.js';
import { cancelledSlipContent, type SlipContent, testSlipContent } from '../slip/slip-content.js';
import { tipAndMethodOf } from './live-orders.query.js';
import { agorotOf, linesOf } from './order-lines.js';
import type { AuthenticatedAgent } from './pairing.service.js';
import { PrinterPresence } from './printer-presence.service.js';

/** An order's slip is `slip-{orderId}`; a reprint the owner asked for adds `-r{time}` so the agent prints it anew. */
const ORDER_SLIP = /^slip-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:-r\d+)?$/;
const RESEND_EVERY_MS = 30_000;
/** A slip still unprinted after 12 hours is not sent any more: yesterday's order in today's kitchen helps nobody. */
const PENDING_WINDOW_HOURS = 12;
const PENDING_BATCH = 50;

/**
 * Renders slips (server side, decision 008) and pushes them to the business's agent wherever it is connected; records
 * what the agent acknowledges on the order (`SlipPrinted` once, `PrintFailed`). Slips not yet printed are pushed again
 * when the agent connects and every 30 s while it is online; the agent remembers what it printed, so a slip pushed
 * twice prints once.
 */
@Injectable()
export class SlipDelivery implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('SlipDelivery');
  private timer: NodeJS.Timeout | undefined;

  constructor(
    @Inject(DATABASE) private readonly database: Database,
    private readonly commands: CommandBus,
    private readonly hub: LiveHub,
    private readonly presence: PrinterPresence,
    private readonly businesses: BusinessReader,
  ) {}

  onModuleInit(): void {
    this.database.onFirstReady('slip-resend', async () => {
      this.timer = setInterval(() => void this.resendQuietly(), RESEND_EVERY_MS);
      this.timer.unref();
    });
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  async deliver(businessPhone: string, slipId: string, orderId: string): Promise<void> {
    const slip = await this.renderOrderSlip(businessPhone, orderId, slipId);
    if (slip) this.hub.toAgent(businessPhone, slip);
  }

  /**
   * A queued slip, to an agent that is online, unless it is old or printed already: a processor that replays the log from the start (a new
   * deployment, a reset checkpoint) must not print last month's orders in today's kitchen.
   */
  async deliverIfDue(businessPhone: string, slipId: string, orderId: string, queuedAt: Date): Promise<void> {
    if (Date.now() - queuedAt.getTime() > PENDING_WINDOW_HOURS * 60 * 60_000) return;
    const [slip] = await query<{ status: string }>(
      this.database.em(),
      `select status from print_slips where slip_id = ?`,
      [slipId],
    );
    if (slip?.status === 'printed') return;
    // No agent online (most businesses print nothing): rendering the raster (tens of milliseconds of CPU per slip)
    // waits for one to connect, which asks for every pending slip; the resend timer covers a connect in between.
    if (!(await this.presence.status(businessPhone)).isOnline) return;
    await this.deliver(businessPhone, slipId, orderId);
  }

  /** Every slip of the last hours that is not printed yet, oldest first (on connect, and by the resend timer). */
  async deliverPending(businessPhone: string, olderThanMs = 0): Promise<number> {
    const pending = await query<{ slip_id: string; order_id: string }>(
      this.database.em(),
      `select slip_id, order_id from print_slips
        where business_id = ? and status <> 'printed' and queued_at > now() - interval '${PENDING_WINDOW_HOURS} hours'
          and updated_at <= ?
        order by queued_at limit ${PENDING_BATCH}`,
      [businessPhone, new Date(Date.now() - olderThanMs)],
    );
    for (const { slip_id, order_id } of pending) await this.deliver(businessPhone, slip_id, order_id);
    return pending.length;
  }

  async testPrint(businessPhone: string): Promise<{ slipId: string; escposBase64: string }> {
    const business = await this.businesses.byPhone(businessPhone);
    const slipId = `test-${randomUUID()}`;
    const escposBase64 = await this.render(businessPhone, testSlipContent(business?.businessName ?? '', new Date()));
    return { slipId, escposBase64 };
  }

  /** The owner's test print: pushed to the agent, which must be online. */
  async pushTestPrint(businessPhone: string): Promise<{ slipId: string }> {
    const status = await this.presence.status(businessPhone);
    if (!status.paired) throw new AppError('printer.not_paired');
    if (!status.isOnline) throw new AppError('printer.offline');
    const { slipId, escposBase64 } = await this.testPrint(businessPhone);
    this.hub.toAgent(businessPhone, { slipId, orderId: null, orderNumber: null, escposBase64 });
    return { slipId };
  }

  /** The owner asked to print a paid order's slip again (a torn slip, a second station). */
  async reprint(businessPhone: string, orderId: string): Promise<{ slipId: string }> {
    const status = await this.presence.status(businessPhone);
    if (!status.paired) throw new AppError('printer.not_paired');
    if (!status.isOnline) throw new AppError('printer.offline');
    const slipId = `slip-${orderId}-r${Date.now()}`;
    const slip = await this.renderOrderSlip(businessPhone, orderId, slipId);
    if (!slip) throw new AppError('order.not_found');
    this.hub.toAgent(businessPhone, slip);
    return { slipId };
  }

  /**
   * An order the café declined or refunded whole (issue 17): if its slip printed, the kitchen has it on paper, so a
   * short "בוטלה" slip follows it. `slip-{orderId}-c` is one slip however often it is pushed (the agent prints an id
   * once), and no order event records it: the order's own slip keeps its status. Pushed to an agent online now only,
   * within the same hours as any slip; a kitchen offline at the time learns it from the console.
   */
  async deliverCancelled(businessPhone: string, orderId: string, at: Date, declined = false): Promise<boolean> {
    if (Date.now() - at.getTime() > PENDING_WINDOW_HOURS * 60 * 60_000) return false;
    const em = this.database.em();
    const row = await ordersReader.order(em, businessPhone, orderId);
    if (!row || row.paymentStatus !== 'paid') return false;
    // Declined (cancelled) or every agora returned. Both facts come from the order's own record, which its commands
    // write with their events (the slip's acknowledgement and the refund's answer included): the print_slips read
    // model, another processor's, may not have caught up with an acknowledgement yet. It answers only for an order
    // whose record is older than the slip's state in it.
    if ((row.slipStatus ?? (await this.slipStatusOf(orderId))) !== 'printed') return false;
    const total = agorotOf(row.totalAmount);
    if (!declined && row.status !== 'cancelled' && row.refundedAgorot < total) return false;
    if (!(await this.presence.status(businessPhone)).isOnline) return false;
    const business = await this.businesses.byPhone(businessPhone, em);
    if (!business) return false;
    const content = cancelledSlipContent({
      businessName: business.businessName,
      orderNumber: row.orderNumber,
      at,
      tableNumber: row.tableNumber,
      lines: linesOf(row.items),
      totalAgorot: total,
    });
    const escposBase64 = await this.render(businessPhone, content);
    this.hub.toAgent(businessPhone, {
      slipId: `slip-${orderId}-c`,
      orderId,
      orderNumber: row.orderNumber,
      escposBase64,
    });
    return true;
  }

  /** Only for an order row without the slip's state; its slip row, if within the two days it is kept (decision 074). */
  private async slipStatusOf(orderId: string): Promise<string | undefined> {
    const [slip] = await query<{ status: string }>(
      this.database.em(),
      `select status from print_slips where slip_id = ?`,
      [`slip-${orderId}`],
    );
    return slip?.status;
  }

  /**
   * Records the agent's acknowledgement on the order; `false` when it could not (the agent sends it again). The order
   * decides, not `print_slips`: a slip whose row was pruned (decision 074), a reprint of an old order's, is recorded
   * the same, and the projection's update then finds no row to change.
   */
  async acknowledge(agent: AuthenticatedAgent, ack: SlipAckPayload, correlationId: string): Promise<boolean> {
    if (ack.slipId.startsWith('test-')) return true;
    const orderId = ORDER_SLIP.exec(ack.slipId)?.[1];
    if (!orderId) return true; // not ours to record: acknowledging it stops the agent from sending it forever
    try {
      await this.commands.execute(
        new RecordSlipOutcomeCommand(
          agent.businessPhone,
          orderId,
          agent.agentId,
          ack.status === 'printed' ? null : (ack.error ?? 'unknown printer error'),
          correlationId,
        ),
      );
      return true;
    } catch (error) {
      this.logger.warn(`could not record the ack of ${ack.slipId}: ${String(error)}`);
      return false;
    }
  }

  private async renderOrderSlip(
    businessPhone: string,
    orderId: string,
    slipId: string,
  ): Promise<SlipPrintPayload | undefined> {
    const em = this.database.em();
    const row = await ordersReader.order(em, businessPhone, orderId);
    // A paid order's slip, or the owner's test order's (decision 034), which prints marked as a test.
    const test = row?.paymentStatus === 'test';
    // A tab's round (decision 058): made now, paid with its table's bill, so its slip prints as not paid yet.
    const round = row?.paymentStatus === 'tab';
    if (!row || (row.paymentStatus !== 'paid' && !test && !round)) return undefined;
    const business = await this.businesses.byPhone(businessPhone, em);
    if (!business) return undefined;
    const content: SlipContent = {
      kind: 'order',
      businessName: business.businessName,
      orderNumber: row.orderNumber,
      at: new Date(row.paidAt ?? Date.now()),
      tableNumber: row.tableNumber,
      ...(row.pickupAt ? { pickupAt: new Date(row.pickupAt) } : {}),
      lines: linesOf(row.items),
      remarks: row.remarks,
      totalAgorot: agorotOf(row.totalAmount),
      ...tipAndMethodOf(row),
      paid: !test && !round,
      ...(test ? { testOrder: true } : {}),
      ...(round && row.tabRound ? { tabRound: row.tabRound } : {}),
    };
    return { slipId, orderId, orderNumber: row.orderNumber, escposBase64: await this.render(businessPhone, content) };
  }

  private async render(businessPhone: string, content: SlipContent): Promise<string> {
    const width = PAPER_WIDTHS[await this.presence.paperWidth(businessPhone)];
    return (await renderSlipEscpos(content, width)).toString('base64');
  }

  private async resendQuietly(): Promise<void> {
    try {
      const online = await query<{ business_id: string }>(
        this.database.em(),
        `select business_id from printer_connections where is_online`,
      );
      for (const { business_id } of online) await this.deliverPending(business_id, RESEND_EVERY_MS);
    } catch (error) {
      this.logger.warn(`slip resend failed: ${String(error)}`);
    }
  }
}
