import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { OptionGroupInput } from '@tafrit/contracts';
import { OptionGroupsRunner, type OptionsContext } from './option-groups.runner.js';

/** Rename the group or change its rules: every product that uses it follows. */
export class EditOptionGroupCommand {
  constructor(
    readonly businessId: string,
    readonly groupId: string,
    readonly input: OptionGroupInput,
    readonly context: OptionsContext,
  ) {}
}

@CommandHandler(EditOptionGroupCommand)
export class EditOptionGroupHandler implements ICommandHandler<EditOptionGroupCommand, void> {
  constructor(private readonly runner: OptionGroupsRunner) {}

  async execute({ businessId, groupId, input, context }: EditOptionGroupCommand): Promise<void> {
    const { name, minChoices, maxChoices, without } = input;
    await this.runner.run(
      { type: 'EditOptionGroup', data: { businessId, groupId, group: { name, minChoices, maxChoices, without } } },
      context,
    );
  }
}
