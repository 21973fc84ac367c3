import { Injectable } from '@nestjs/common';
import { parsePriceToAgorot, priceLineWithOptions } from '@tafrit/contracts';
import { AppError } from '../../../platform/http/app-error.js';
import { CheckoutMenus } from '../../menu/index.js';
import type { PricedChange } from '../domain/table-cart.decider.js';

export interface PricedProduct extends PricedChange {
  productId: number;
  name: string;
}

/**
 * A shared cart's line priced by the server from the menu of this moment, as the checkout prices it (the menu
 * module's `CheckoutMenus` and the contracts' `priceLineWithOptions`); never the diner's prices. Refused with the
 * checkout's own codes: an unknown, foreign or sold-out product is `order.items_unavailable` (409, with its id), a
 * refused choice its `order.option_*` code, a paused café `menu.unavailable`.
 */
@Injectable()
export class TableLinePricing {
  constructor(private readonly menus: CheckoutMenus) {}

  async price(
    departmentId: string,
    { productId, quantity, options = [] }: { productId: number; quantity: number; options?: string[] },
  ): Promise<PricedProduct> {
    const menu = await this.menus.read(departmentId, [productId]);
    if (!menu) throw new AppError('not_found');
    if (!menu.business.isActive) throw new AppError('menu.unavailable');
    const product = menu.products.find((candidate) => candidate.id === productId);
    const base = product ? parsePriceToAgorot(product.price) : null;
    if (!product || !product.isActive || base === null) {
      throw new AppError('order.items_unavailable', { data: { unavailableProductIds: [productId] } });
    }
    const priced = priceLineWithOptions({
      basePriceAgorot: base,
      groups: product.optionGroups,
      chosenOptionIds: options,
    });
    if (!priced.ok) throw new AppError(priced.error.code);
    const chosen = priced.options;
    return {
      productId,
      name: product.name,
      quantity,
      ...(chosen.length > 0
        ? { options: chosen.map((option) => option.optionId), optionNames: chosen.map((option) => option.name) }
        : {}),
      unitPriceAgorot: priced.unitPriceAgorot,
      lineTotalAgorot: priced.unitPriceAgorot * quantity,
    };
  }
}
