import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { OptionGroupsRunner, type OptionsContext } from './option-groups.runner.js';

/** The group goes, with its options and its places on products. */
export class DeleteOptionGroupCommand {
  constructor(
    readonly businessId: string,
    readonly groupId: string,
    readonly context: OptionsContext,
  ) {}
}

@CommandHandler(DeleteOptionGroupCommand)
export class DeleteOptionGroupHandler implements ICommandHandler<DeleteOptionGroupCommand, void> {
  constructor(private readonly runner: OptionGroupsRunner) {}

  async execute({ businessId, groupId, context }: DeleteOptionGroupCommand): Promise<void> {
    await this.runner.run({ type: 'DeleteOptionGroup', data: { businessId, groupId } }, context);
  }
}
