import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { decidePromo, type PromoCheckAnswer, type PromoCheckInput } from '@tafrit/contracts';
import { AppError } from '../../../platform/http/app-error.js';
import { CheckoutMenus } from '../../menu/index.js';
import { priceCart } from '../domain/pricing.js';
import { dinerUseKeys } from '../persistence/promo-uses.js';
import { CheckoutPromos, promoInvalid } from './checkout-promos.js';

export class PromoCheckQuery {
  constructor(
    readonly departmentId: string,
    readonly input: PromoCheckInput,
    /** The diner's session, when the browser has one: a once-per-diner code it used is refused here already. */
    readonly dinerSessionId: string | undefined,
  ) {}
}

/**
 * `POST /api/menu/{departmentId}/promo-check`: what a typed code takes off this cart now, priced by the server from
 * the menu (never the client's prices), or the code's refusal with its reason. Nothing is recorded: create-payment
 * decides again, and counts the use with the order.
 */
@QueryHandler(PromoCheckQuery)
export class PromoCheckHandler implements IQueryHandler<PromoCheckQuery, PromoCheckAnswer> {
  constructor(
    private readonly menus: CheckoutMenus,
    private readonly promos: CheckoutPromos,
  ) {}

  async execute({ departmentId, input, dinerSessionId }: PromoCheckQuery): Promise<PromoCheckAnswer> {
    const menu = await this.menus.read(
      departmentId,
      input.items.map((item) => item.productId),
    );
    if (!menu) throw new AppError('menu.not_found');
    const pricing = priceCart(input.items, menu.products);
    if (pricing.status === 'unavailable') {
      throw new AppError('order.items_unavailable', { data: { unavailableProductIds: pricing.productIds } });
    }
    if (pricing.status === 'option_refused') throw new AppError(pricing.error.code);
    const keys = dinerSessionId ? dinerUseKeys(dinerSessionId, []) : [];
    const promo = await this.promos.of(menu.business.phone, input.promoCode, keys);
    const categoryOf = new Map(menu.products.map((product) => [product.id, product.categoryId]));
    const verdict = decidePromo({
      code: promo.code,
      lines: pricing.lines.map((line) => ({
        productId: line.productId,
        categoryId: categoryOf.get(line.productId) ?? null,
        amountAgorot: line.unitPriceAgorot * line.quantity,
      })),
      now: promo.now,
      usesTaken: promo.usesTaken,
      usedByDiner: promo.usedByDiner,
    });
    if (!verdict.ok) throw promoInvalid(verdict.reason, verdict.minOrderAgorot);
    return { code: promo.code!.code, discountAgorot: verdict.discountAgorot };
  }
}
