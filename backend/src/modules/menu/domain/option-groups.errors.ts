/** Domain errors carry the stable code the HTTP layer answers with (contracts/src/errors.ts). */

/** No such group in this business: another business's id answers exactly like a missing one. */
export class OptionGroupNotFoundError extends Error {
  readonly code = 'not_found';
  constructor(readonly groupId: string) {
    super(`no option group ${groupId} in this business`);
    this.name = 'OptionGroupNotFoundError';
  }
}

/** No such option in the group (or the group is not this business's). */
export class OptionNotFoundError extends Error {
  readonly code = 'not_found';
  constructor(readonly optionId: string) {
    super(`no option ${optionId} in this group`);
    this.name = 'OptionNotFoundError';
  }
}

/** Detaching a group the product does not have. */
export class OptionGroupNotAttachedError extends Error {
  readonly code = 'not_found';
  constructor(
    readonly groupId: string,
    readonly productId: number,
  ) {
    super(`option group ${groupId} is not attached to product ${productId}`);
    this.name = 'OptionGroupNotAttachedError';
  }
}

/**
 * A rule of the groups broken (a name taken, more defaults than choices, a priced "without" choice, a limit): answered
 * 400 with the Hebrew message beside the field it is about.
 */
export class OptionRuleError extends Error {
  readonly code = 'validation.failed';
  constructor(readonly fields: Record<string, string>) {
    super(Object.values(fields).join('; '));
    this.name = 'OptionRuleError';
  }
}
