import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { OptionGroupsRunner, type OptionsContext } from './option-groups.runner.js';

/** The option goes from its group (orders keep the names and prices they recorded). */
export class RemoveOptionCommand {
  constructor(
    readonly businessId: string,
    readonly groupId: string,
    readonly optionId: string,
    readonly context: OptionsContext,
  ) {}
}

@CommandHandler(RemoveOptionCommand)
export class RemoveOptionHandler implements ICommandHandler<RemoveOptionCommand, void> {
  constructor(private readonly runner: OptionGroupsRunner) {}

  async execute({ businessId, groupId, optionId, context }: RemoveOptionCommand): Promise<void> {
    await this.runner.run({ type: 'RemoveOption', data: { businessId, groupId, optionId } }, context);
  }
}
