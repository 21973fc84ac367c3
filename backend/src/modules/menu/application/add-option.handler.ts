import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { OptionInput } from '@tafrit/contracts';
import { agorotOf } from './option-views.js';
import { OptionGroupsRunner, type OptionsContext } from './option-groups.runner.js';

/** A new option, last in its group; answers the option's id. */
export class AddOptionCommand {
  constructor(
    readonly businessId: string,
    readonly groupId: string,
    readonly input: OptionInput,
    readonly context: OptionsContext,
  ) {}
}

@CommandHandler(AddOptionCommand)
export class AddOptionHandler implements ICommandHandler<AddOptionCommand, { id: string }> {
  constructor(private readonly runner: OptionGroupsRunner) {}

  async execute({ businessId, groupId, input, context }: AddOptionCommand): Promise<{ id: string }> {
    const optionId = randomUUID();
    const { name, price, isDefault, available } = input;
    await this.runner.run(
      {
        type: 'AddOption',
        data: { businessId, groupId, optionId, option: { name, priceAgorot: agorotOf(price), isDefault }, available },
      },
      context,
    );
    return { id: optionId };
  }
}
