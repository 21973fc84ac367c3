import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { OptionGroupsRunner, type OptionsContext } from './option-groups.runner.js';

/** Every option of the group, in the new order. */
export class ReorderOptionsCommand {
  constructor(
    readonly businessId: string,
    readonly groupId: string,
    readonly optionIds: string[],
    readonly context: OptionsContext,
  ) {}
}

@CommandHandler(ReorderOptionsCommand)
export class ReorderOptionsHandler implements ICommandHandler<ReorderOptionsCommand, void> {
  constructor(private readonly runner: OptionGroupsRunner) {}

  async execute({ businessId, groupId, optionIds, context }: ReorderOptionsCommand): Promise<void> {
    await this.runner.run({ type: 'ReorderOptions', data: { businessId, groupId, optionIds } }, context);
  }
}
