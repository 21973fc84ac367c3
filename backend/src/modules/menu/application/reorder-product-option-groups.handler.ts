import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { OptionGroupsRunner, type OptionsContext } from './option-groups.runner.js';

/** Every group on the product, in the order diners will see them. */
export class ReorderProductOptionGroupsCommand {
  constructor(
    readonly businessId: string,
    readonly productId: number,
    readonly groupIds: string[],
    readonly context: OptionsContext,
  ) {}
}

@CommandHandler(ReorderProductOptionGroupsCommand)
export class ReorderProductOptionGroupsHandler implements ICommandHandler<ReorderProductOptionGroupsCommand, void> {
  constructor(private readonly runner: OptionGroupsRunner) {}

  async execute({ businessId, productId, groupIds, context }: ReorderProductOptionGroupsCommand): Promise<void> {
    await this.runner.run({ type: 'ReorderProductOptionGroups', data: { businessId, productId, groupIds } }, context, {
      productIds: [productId],
    });
  }
}
