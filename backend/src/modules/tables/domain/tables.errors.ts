/** Domain errors carry the stable code the HTTP layer answers with (contracts/src/errors.ts). */
export class TablesError extends Error {
  constructor(
    readonly code:
      | 'table.line_not_yours'
      | 'table.line_not_found'
      | 'table.cart_paying'
      | 'table.cart_changed'
      | 'table.cart_full'
      | 'table.cart_empty',
    message: string,
  ) {
    super(message);
    this.name = 'TablesError';
  }
}
