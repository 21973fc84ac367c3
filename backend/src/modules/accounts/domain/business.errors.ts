/** Domain errors carry the stable code the HTTP layer answers with (contracts/src/errors.ts). */
export class BusinessAlreadyRegisteredError extends Error {
  readonly code = 'business.phone_taken';
  constructor(readonly phone: string) {
    super(`business ${phone} is already registered`);
    this.name = 'BusinessAlreadyRegisteredError';
  }
}

/** No business has this phone; answered 404 like any missing resource. */
export class BusinessNotFoundError extends Error {
  readonly code = 'not_found';
  constructor() {
    super('no business is registered with this phone');
    this.name = 'BusinessNotFoundError';
  }
}

/** A closed business keeps its records (tax law) but takes no more changes. */
export class BusinessClosedError extends Error {
  readonly code = 'auth.forbidden';
  constructor(readonly phone: string) {
    super(`business ${phone} is closed`);
    this.name = 'BusinessClosedError';
  }
}

/** Payout details changed by a session without a fresh code (decision 036): nothing of the form is recorded. */
export class StepUpRequiredError extends Error {
  readonly code = 'auth.step_up_required';
  constructor() {
    super('changing the payout details needs a fresh one-time code');
    this.name = 'StepUpRequiredError';
  }
}

/** A readable menu address another business has or once had (issue 33): never given to a second business. */
export class MenuAddressTakenError extends Error {
  readonly code = 'business.menu_address_taken';
  constructor(readonly address: string) {
    super(`the menu address ${address} belongs to another business`);
    this.name = 'MenuAddressTakenError';
  }
}
