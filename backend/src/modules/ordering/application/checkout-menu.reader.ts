import { Injectable } from '@nestjs/common';
import { CheckoutMenus, type MenuForCheckout } from '../../menu/index.js';
import { OrderNumbers } from '../persistence/order-numbers.js';

/** The department's business and the asked products, as a checkout prices them (the prices of this moment). */
export interface CheckoutMenu extends MenuForCheckout {
  /**
   * The business's next order number, taken with this read (none for a paused business), so the payment page can be
   * opened before the order is stored. A checkout refused after it leaves a gap (decision 015).
   */
  nextOrderNumber: number | null;
}

/**
 * A checkout's menu: the business and its products as the menu module gives them (remembered in memory on one
 * instance), with the next number of ordering's own sequence.
 */
@Injectable()
export class CheckoutMenuReader {
  constructor(
    private readonly menus: CheckoutMenus,
    private readonly numbers: OrderNumbers,
  ) {}

  async read(departmentId: string, productIds: readonly number[]): Promise<CheckoutMenu | null> {
    const menu = await this.menus.read(departmentId, productIds);
    if (!menu) return null;
    return { ...menu, nextOrderNumber: menu.business.isActive ? await this.numbers.take(menu.business.phone) : null };
  }
}
