import { Controller, Get, Header, Param, Req, Res } from '@nestjs/common';
import { type LatestOrderAnswer, messageFor, orderWaitQuerySchema } from '@tafrit/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { OptionalOwner } from '../../../platform/auth/guards.js';
import { type Parsed, QueryOf } from '../../../platform/http/contract.js';
import { DinerOrders } from '../application/diner-orders.query.js';
import { DinerSessions } from '../../../platform/http/diner-sessions.js';

/**
 * The reason a wait is given up with when the diner's connection closes. A constant: `abort()` without one makes a
 * DOMException (with its stack) on every answer, since a response's 'close' also follows every answer sent.
 */
const DINER_LEFT = 'the diner left';

const NONE: LatestOrderAnswer = { success: false, data: null, message: messageFor('order.not_found') };

/**
 * What a department id can be (the menu's own rule): anything else names no order and is never looked up. A NUL in
 * it reached the database, which cannot read it, and answered 500.
 */
const DEPARTMENT_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The order number a path names, or 0 when it (or its department) is malformed: such a path names no order. */
const orderNumberOf = (departmentId: string, text: string): number =>
  /^\d{1,9}$/.test(text) && DEPARTMENT_ID.test(departmentId) ? Number(text) : 0;

/** The spec's answer: the order, or the same 404 for every miss. */
function answer(order: LatestOrderAnswer['data'], reply: FastifyReply): LatestOrderAnswer {
  if (!order) {
    void reply.status(404);
    return { ...NONE, code: 'order.not_found' } as LatestOrderAnswer;
  }
  return { success: true, data: order, message: '' };
}

/**
 * The diner's order calls (product-spec §7): `latest` answers the newest order of the caller's own diner session
 * (the spec's `{ success, data, message }`); an order by number answers only to its session or the business's owner.
 * Nobody else learns whether an order exists: every miss is the same 404.
 */
@Controller('api/orders')
export class DinerOrdersController {
  constructor(
    private readonly orders: DinerOrders,
    private readonly sessions: DinerSessions,
    private readonly owners: OptionalOwner,
  ) {}

  /** Who asks: the diner session of this device, and the owner when one is signed in. */
  private async callerOf(request: FastifyRequest) {
    return {
      dinerSessionId: this.sessions.read(request),
      ownerPhone: await this.owners.phoneOf(request, 'orders.live', 'reports.read'),
    };
  }

  @Get(':departmentId/latest')
  @Header('cache-control', 'no-store')
  async latest(
    @Param('departmentId') departmentId: string,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<LatestOrderAnswer> {
    const session = this.sessions.read(request);
    const order =
      session && DEPARTMENT_ID.test(departmentId) ? await this.orders.latest(departmentId, session, request.id) : null;
    return answer(order, reply);
  }

  /**
   * The thank-you page's pushed answer: the same answer as `GET :departmentId/:orderNumber`, held until the order is
   * paid and invoiced (or its payment failed or expired), or about 25 s (then the page asks again). With `?seen=` (the
   * status the page shows) it is held until the settled order moves on from that status: the kitchen's steps reach
   * the diner on the same channel (decision 031).
   */
  @Get(':departmentId/:orderNumber/wait')
  @Header('cache-control', 'no-store')
  async wait(
    @Param('departmentId') departmentId: string,
    @Param('orderNumber') orderNumberText: string,
    @QueryOf(orderWaitQuerySchema) { seen }: Parsed<typeof orderWaitQuerySchema>,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<LatestOrderAnswer> {
    const orderNumber = orderNumberOf(departmentId, orderNumberText);
    const caller = await this.callerOf(request);
    // The diner left (closed the tab, lost the network): stop waiting for them.
    const left = new AbortController();
    reply.raw.once('close', () => left.abort(DINER_LEFT));
    const order =
      orderNumber > 0
        ? await this.orders.waitFor(departmentId, orderNumber, caller, request.id, left.signal, seen)
        : null;
    return answer(order, reply);
  }

  @Get(':departmentId/:orderNumber')
  @Header('cache-control', 'no-store')
  async byNumber(
    @Param('departmentId') departmentId: string,
    @Param('orderNumber') orderNumberText: string,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<LatestOrderAnswer> {
    const orderNumber = orderNumberOf(departmentId, orderNumberText);
    const caller = await this.callerOf(request);
    const order = orderNumber > 0 ? await this.orders.byNumber(departmentId, orderNumber, caller, request.id) : null;
    return answer(order, reply);
  }
}
