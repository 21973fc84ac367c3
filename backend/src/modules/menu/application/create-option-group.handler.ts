import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type NewOptionGroupInput } from '@tafrit/contracts';
import { agorotOf } from './option-views.js';
import { OptionGroupsRunner, type OptionsContext } from './option-groups.runner.js';

/** A new group of the business, with its first options (ids made here); answers the group's id. */
export class CreateOptionGroupCommand {
  constructor(
    readonly businessId: string,
    readonly input: NewOptionGroupInput,
    readonly context: OptionsContext,
  ) {}
}

@CommandHandler(CreateOptionGroupCommand)
export class CreateOptionGroupHandler implements ICommandHandler<CreateOptionGroupCommand, { id: string }> {
  constructor(private readonly runner: OptionGroupsRunner) {}

  async execute({ businessId, input, context }: CreateOptionGroupCommand): Promise<{ id: string }> {
    const groupId = randomUUID();
    await this.runner.run(
      {
        type: 'CreateOptionGroup',
        data: {
          businessId,
          groupId,
          group: {
            name: input.name,
            minChoices: input.minChoices,
            maxChoices: input.maxChoices,
            without: input.without,
          },
          options: input.options.map((option) => ({
            optionId: randomUUID(),
            name: option.name,
            priceAgorot: agorotOf(option.price),
            isDefault: option.isDefault,
            available: option.available,
          })),
        },
      },
      context,
    );
    return { id: groupId };
  }
}
