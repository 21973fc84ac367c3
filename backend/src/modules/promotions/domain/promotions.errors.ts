/** Domain errors carry the stable code the HTTP layer answers with (contracts/src/errors.ts). */
export class PromotionsError extends Error {
  constructor(
    readonly code: 'promo.code_taken' | 'not_found',
    message: string,
  ) {
    super(message);
    this.name = 'PromotionsError';
  }
}
