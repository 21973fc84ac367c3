import { randomUUID } from 'node:crypto';
import { Body, Controller, HttpCode, Param, ParseUUIDPipe, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  agorotToDecimalString,
  refundOrderSchema,
  success,
  type ApiSuccess,
  type RefundAnswer,
} from '@tafrit/contracts';
import type { FastifyRequest } from 'fastify';
import { OwnerGuard } from '../../../platform/auth/guards.js';
import { commandContextOf, CurrentOwner, type OwnerPrincipal } from '../../../platform/auth/principals.js';
import { AppError } from '../../../platform/http/app-error.js';
import { parseWith } from '../../../platform/http/parse.js';
import type { RefundOutcome } from '../application/complete-refund.handler.js';
import { RequestRefundCommand } from '../application/request-refund.handler.js';

/** The owner's refunds (issue 17): `POST /api/orders/{orderId}/refunds`, of the signed-in business's orders only. */
@Controller('api/orders')
@UseGuards(OwnerGuard)
export class OwnerRefundsController {
  constructor(private readonly commands: CommandBus) {}

  @Post(':orderId/refunds')
  @HttpCode(200)
  async refund(
    // Any malformed id is the same 404 as an unknown one (and as another business's order).
    @Param('orderId', new ParseUUIDPipe({ exceptionFactory: () => new AppError('order.not_found') })) orderId: string,
    @Body() body: unknown,
    @CurrentOwner() owner: OwnerPrincipal,
    @Req() request: FastifyRequest,
  ): Promise<ApiSuccess<RefundAnswer>> {
    const input = parseWith(refundOrderSchema, body);
    const { actor, correlationId } = commandContextOf(owner, request);
    const outcome = await this.commands.execute<RequestRefundCommand, RefundOutcome>(
      new RequestRefundCommand(
        owner.phone,
        orderId,
        {
          refundId: input.refundId ?? randomUUID(),
          amountAgorot: input.amount,
          lines: input.lines,
          reason: input.reason,
        },
        actor,
        correlationId,
      ),
    );
    return success({
      refundId: outcome.refundId,
      amount: agorotToDecimalString(outcome.amountAgorot),
      status: outcome.status,
      failureReason: outcome.failureReason,
    });
  }
}
