import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { OptionInput } from '@tafrit/contracts';
import { agorotOf } from './option-views.js';
import { OptionGroupsRunner, type OptionsContext } from './option-groups.runner.js';

/** An option's name, added price or default (its availability has its own command). */
export class EditOptionCommand {
  constructor(
    readonly businessId: string,
    readonly groupId: string,
    readonly optionId: string,
    readonly input: OptionInput,
    readonly context: OptionsContext,
  ) {}
}

@CommandHandler(EditOptionCommand)
export class EditOptionHandler implements ICommandHandler<EditOptionCommand, void> {
  constructor(private readonly runner: OptionGroupsRunner) {}

  async execute({ businessId, groupId, optionId, input, context }: EditOptionCommand): Promise<void> {
    const { name, price, isDefault } = input;
    await this.runner.run(
      {
        type: 'EditOption',
        data: { businessId, groupId, optionId, option: { name, priceAgorot: agorotOf(price), isDefault } },
      },
      context,
    );
  }
}
