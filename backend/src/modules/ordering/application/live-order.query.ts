/**
 * The order as the owner's live console shows it (`LiveOrder`), the answer to the kitchen's buttons. Printing owns
 * the live list and answers this query; it is declared here because printing already sends ordering's commands, so
 * ordering naming printing's front door would make the two import each other.
 */
export class LiveOrderQuery {
  constructor(
    readonly businessPhone: string,
    readonly orderId: string,
  ) {}
}
