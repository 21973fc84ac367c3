import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Actor } from '@tafrit/contracts';
import type { TableCartCommand } from '../domain/table-cart.decider.js';
import { TableCarts } from './table-carts.service.js';

const ORDERING: Actor = { kind: 'system', id: 'table-orders' };

/**
 * Ordering's checkout of a shared cart into its order (issue 34): refused with `table.cart_changed` when the cart moved
 * since `expectedVersion` was read, `table.cart_paying` when it is already paying for another order; the same order
 * again decides nothing.
 */
export class CheckOutTableCartCommand {
  constructor(
    readonly cartId: string,
    readonly expectedVersion: number,
    readonly orderId: string,
    readonly orderNumber: number,
    readonly correlationId: string = randomUUID(),
  ) {}
}

/** The order of a paying cart expired unpaid: the cart takes lines again (another order's reopen decides nothing). */
export class ReopenTableCartCommand {
  constructor(
    readonly cartId: string,
    readonly orderId: string,
    readonly correlationId: string = randomUUID(),
  ) {}
}

/** The order of a paying cart was paid: the cart ends, and the table's next party starts on a fresh one. */
export class CloseTableCartCommand {
  constructor(
    readonly cartId: string,
    readonly orderId: string,
    readonly correlationId: string = randomUUID(),
  ) {}
}

@CommandHandler(CheckOutTableCartCommand)
export class CheckOutTableCartHandler implements ICommandHandler<CheckOutTableCartCommand, void> {
  constructor(private readonly carts: TableCarts) {}

  async execute({ cartId, expectedVersion, orderId, orderNumber, correlationId }: CheckOutTableCartCommand) {
    const now = new Date().toISOString();
    await this.carts.run(
      cartId,
      { type: 'CheckOut', data: { expectedVersion, orderId, orderNumber, now } },
      { actor: ORDERING, correlationId },
    );
  }
}

@CommandHandler(ReopenTableCartCommand)
export class ReopenTableCartHandler implements ICommandHandler<ReopenTableCartCommand, void> {
  constructor(private readonly carts: TableCarts) {}

  async execute({ cartId, orderId, correlationId }: ReopenTableCartCommand) {
    const now = new Date().toISOString();
    await this.carts.run(cartId, { type: 'Reopen', data: { orderId, now } }, { actor: ORDERING, correlationId });
  }
}

@CommandHandler(CloseTableCartCommand)
export class CloseTableCartHandler implements ICommandHandler<CloseTableCartCommand, void> {
  constructor(private readonly carts: TableCarts) {}

  async execute({ cartId, orderId, correlationId }: CloseTableCartCommand) {
    const now = new Date().toISOString();
    await this.carts.run(
      cartId,
      { type: 'Close', data: { reason: 'paid', orderId, now } },
      { actor: ORDERING, correlationId },
    );
  }
}

/**
 * Pay at the end (issue 34, part 3, decision 058): ordering moves the tab on the cart with these. `TabCommand`'s `run`
 * is the cart's command, decided on the cart's stream like a diner's; its refusals carry their `table.*` codes.
 */
export class TableTabCommand {
  constructor(
    readonly cartId: string,
    readonly command: Extract<
      TableCartCommand,
      { type: 'OpenTabHold' | 'RecordTabHeld' | 'FailTabHold' | 'SendRound' }
    >,
    readonly correlationId: string = randomUUID(),
  ) {}
}

@CommandHandler(TableTabCommand)
export class TableTabHandler implements ICommandHandler<TableTabCommand, void> {
  constructor(private readonly carts: TableCarts) {}

  async execute({ cartId, command, correlationId }: TableTabCommand) {
    await this.carts.run(cartId, command, { actor: ORDERING, correlationId });
  }
}
