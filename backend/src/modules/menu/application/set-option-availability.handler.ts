import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { OptionGroupsRunner, type OptionsContext } from './option-groups.runner.js';

/** Sold out for now (false), or available again (true). */
export class SetOptionAvailabilityCommand {
  constructor(
    readonly businessId: string,
    readonly groupId: string,
    readonly optionId: string,
    readonly available: boolean,
    readonly context: OptionsContext,
  ) {}
}

@CommandHandler(SetOptionAvailabilityCommand)
export class SetOptionAvailabilityHandler implements ICommandHandler<SetOptionAvailabilityCommand, void> {
  constructor(private readonly runner: OptionGroupsRunner) {}

  async execute({ businessId, groupId, optionId, available, context }: SetOptionAvailabilityCommand): Promise<void> {
    await this.runner.run(
      { type: 'SetOptionAvailability', data: { businessId, groupId, optionId, available } },
      context,
    );
  }
}
