import { randomUUID } from 'node:crypto';
import { Controller, HttpCode, Param, ParseUUIDPipe, Post, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  agorotToDecimalString,
  refundOrderSchema,
  success,
  type ApiSuccess,
  type CreditRetryAnswer,
  type RefundAnswer,
} from '@tafrit/contracts';
import { OwnerGuard } from '../../../platform/auth/guards.js';
import { Permission } from '../../../platform/auth/permission.js';
import { CurrentOwner, type OwnerPrincipal } from '../../../platform/auth/principals.js';
import { AppError } from '../../../platform/http/app-error.js';
import { CommandContext, type OwnerCommandContext } from '../../../platform/http/command-context.js';
import { BodyOf, type Parsed } from '../../../platform/http/contract.js';
import type { RefundOutcome } from '../application/complete-refund.handler.js';
import { RequestRefundCommand } from '../application/request-refund.handler.js';
import { RetryCreditCommand, type CreditOutcome } from '../application/retry-credit.handler.js';

// Any malformed id is the same 404 as an unknown one (and as another business's order).
const orderIdPipe = () => new ParseUUIDPipe({ exceptionFactory: () => new AppError('order.not_found') });

/** The owner's refunds (issue 17): `POST /api/orders/{orderId}/refunds`, of the signed-in business's orders only. */
@Controller('api/orders')
@UseGuards(OwnerGuard)
@Permission('refunds')
export class OwnerRefundsController {
  constructor(private readonly commands: CommandBus) {}

  @Post(':orderId/refunds')
  @HttpCode(200)
  async refund(
    @Param('orderId', orderIdPipe()) orderId: string,
    @BodyOf(refundOrderSchema) input: Parsed<typeof refundOrderSchema>,
    @CurrentOwner() owner: OwnerPrincipal,
    @CommandContext() { actor, correlationId }: OwnerCommandContext,
  ): Promise<ApiSuccess<RefundAnswer>> {
    const outcome = await this.commands.execute<RequestRefundCommand, RefundOutcome>(
      new RequestRefundCommand(
        owner.phone,
        orderId,
        {
          refundId: input.refundId ?? randomUUID(),
          amountAgorot: input.amount,
          lines: input.lines,
          reason: input.reason,
          ...(input.partId ? { partId: input.partId } : {}),
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

  /** A refund's credit document that failed (decision 026), asked for again: one provider's document per refund. */
  @Post(':orderId/refunds/:refundId/credit')
  @HttpCode(200)
  async retryCredit(
    @Param('orderId', orderIdPipe()) orderId: string,
    @Param('refundId', new ParseUUIDPipe({ exceptionFactory: () => new AppError('refund.not_found') }))
    refundId: string,
    @CurrentOwner() owner: OwnerPrincipal,
    @CommandContext() { actor, correlationId }: OwnerCommandContext,
  ): Promise<ApiSuccess<CreditRetryAnswer>> {
    const outcome = await this.commands.execute<RetryCreditCommand, CreditOutcome>(
      new RetryCreditCommand(owner.phone, orderId, refundId, actor, correlationId),
    );
    return success(outcome);
  }
}
