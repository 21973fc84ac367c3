import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { OptionGroupsRunner, type OptionsContext } from './option-groups.runner.js';

/** The group shown on one of the business's products, after the groups it has. */
export class AttachOptionGroupCommand {
  constructor(
    readonly businessId: string,
    readonly groupId: string,
    readonly productId: number,
    readonly context: OptionsContext,
  ) {}
}

@CommandHandler(AttachOptionGroupCommand)
export class AttachOptionGroupHandler implements ICommandHandler<AttachOptionGroupCommand, void> {
  constructor(private readonly runner: OptionGroupsRunner) {}

  async execute({ businessId, groupId, productId, context }: AttachOptionGroupCommand): Promise<void> {
    await this.runner.run({ type: 'AttachOptionGroup', data: { businessId, groupId, productId } }, context, {
      productIds: [productId],
    });
  }
}
