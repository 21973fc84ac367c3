import { Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { placeTestOrderSchema, success, type ApiSuccess, type TestOrderAnswer } from '@tafrit/contracts';
import { OwnerGuard } from '../../../platform/auth/guards.js';
import { Permission } from '../../../platform/auth/permission.js';
import { CurrentOwner, type OwnerPrincipal } from '../../../platform/auth/principals.js';
import { CommandContext, type OwnerCommandContext } from '../../../platform/http/command-context.js';
import { BodyOf, type Parsed } from '../../../platform/http/contract.js';
import { PlaceTestOrderCommand } from '../application/place-test-order.handler.js';

/** The owner's test order (issue 18, decision 034), for the signed-in business only: from the checklist and the console. */
@Controller('api/test-orders')
@UseGuards(OwnerGuard)
@Permission('settings.edit')
export class OwnerTestOrdersController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @HttpCode(200)
  async place(
    @BodyOf(placeTestOrderSchema, { absentAsEmpty: true }) { productId }: Parsed<typeof placeTestOrderSchema>,
    @CurrentOwner() owner: OwnerPrincipal,
    @CommandContext() { actor, correlationId }: OwnerCommandContext,
  ): Promise<ApiSuccess<TestOrderAnswer>> {
    return success(
      await this.commands.execute<PlaceTestOrderCommand, TestOrderAnswer>(
        new PlaceTestOrderCommand(owner.phone, productId, actor, correlationId),
      ),
    );
  }
}
