/** Domain errors carry the stable code the HTTP layer answers with (contracts/src/errors.ts). */
export class TablesError extends Error {
  constructor(
    readonly code:
      | 'table.line_not_yours'
      | 'table.line_not_found'
      | 'table.cart_paying'
      | 'table.cart_changed'
      | 'table.cart_full'
      | 'table.cart_empty'
      | 'table.line_sent'
      | 'table.tab_hold_open'
      | 'table.tab_no_hold'
      | 'table.tab_nothing_to_send'
      | 'table.tab_over_hold',
    message: string,
  ) {
    super(message);
    this.name = 'TablesError';
  }
}
