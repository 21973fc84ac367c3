import type { TableDiner, TableSocketState, TableState } from '@tafrit/contracts';
import { cartTotalAgorot } from '../domain/table-cart.decider.js';
import type { LiveCart } from '../projections/table-carts.reader.js';

/** The table's state for everyone at it (the socket's payload): payments are part 2's, none yet. */
export function socketStateOf(cart: LiveCart): TableSocketState {
  const totalAgorot = cartTotalAgorot(cart.lines);
  return {
    number: cart.number,
    shared: true,
    cart: {
      cartId: cart.cartId,
      version: cart.version,
      status: cart.status === 'paying' ? 'paying' : 'open',
      lines: cart.lines,
      notes: cart.notes,
      diners: cart.diners,
      totalAgorot,
      orderId: cart.orderId,
      orderNumber: cart.orderNumber,
      updatedAt: cart.updatedAt,
    },
    payments: [],
    leftAgorot: cart.status === 'paying' ? totalAgorot : 0,
  };
}

/** The state as one diner reads it: with `you`, who they are at this cart. */
export function tableStateOf(cart: LiveCart, you: TableDiner): TableState {
  return { ...socketStateOf(cart), you };
}
