import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { OptionGroupsRunner, type OptionsContext } from './option-groups.runner.js';

/** The group taken off the product. */
export class DetachOptionGroupCommand {
  constructor(
    readonly businessId: string,
    readonly groupId: string,
    readonly productId: number,
    readonly context: OptionsContext,
  ) {}
}

@CommandHandler(DetachOptionGroupCommand)
export class DetachOptionGroupHandler implements ICommandHandler<DetachOptionGroupCommand, void> {
  constructor(private readonly runner: OptionGroupsRunner) {}

  async execute({ businessId, groupId, productId, context }: DetachOptionGroupCommand): Promise<void> {
    await this.runner.run({ type: 'DetachOptionGroup', data: { businessId, groupId, productId } }, context, {
      productIds: [productId],
    });
  }
}
