import { Body, Controller, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { placeTestOrderSchema, success, type ApiSuccess, type TestOrderAnswer } from '@tafrit/contracts';
import type { FastifyRequest } from 'fastify';
import { OwnerGuard } from '../../../platform/auth/guards.js';
import { commandContextOf, CurrentOwner, type OwnerPrincipal } from '../../../platform/auth/principals.js';
import { parseWith } from '../../../platform/http/parse.js';
import { PlaceTestOrderCommand } from '../application/place-test-order.handler.js';

/** The owner's test order (issue 18, decision 034), for the signed-in business only: from the checklist and the console. */
@Controller('api/test-orders')
@UseGuards(OwnerGuard)
export class OwnerTestOrdersController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @HttpCode(200)
  async place(
    @Body() body: unknown,
    @CurrentOwner() owner: OwnerPrincipal,
    @Req() request: FastifyRequest,
  ): Promise<ApiSuccess<TestOrderAnswer>> {
    const { productId } = parseWith(placeTestOrderSchema, body ?? {});
    const { actor, correlationId } = commandContextOf(owner, request);
    return success(
      await this.commands.execute<PlaceTestOrderCommand, TestOrderAnswer>(
        new PlaceTestOrderCommand(owner.phone, productId, actor, correlationId),
      ),
    );
  }
}
