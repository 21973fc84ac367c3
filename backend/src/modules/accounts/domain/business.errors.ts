/** Domain errors carry the stable code the HTTP layer answers with (contracts/src/errors.ts). */
export class BusinessAlreadyRegisteredError extends Error {
  readonly code = 'business.phone_taken';
  constructor(readonly phone: string) {
    super(`business ${phone} is already registered`);
    this.name = 'BusinessAlreadyRegisteredError';
  }
}
