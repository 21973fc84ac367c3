import { Inject, Injectable } from '@nestjs/common';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { preparedStatement } from '../../../platform/database/prepared-statement.js';
import { APP_CONFIG } from '../../../config/config.module.js';
import type { AppConfig } from '../../../config/config.js';
import type { PricingOptionGroup } from '@tafrit/contracts';
import { BusinessReader, type CheckoutBusiness } from '../../accounts/index.js';
import { PublicMenuCache } from './public-menu-cache.js';

/** The department's business (as accounts reads it) and the asked products, as a checkout prices them. */
export interface MenuForCheckout {
  business: CheckoutBusiness;
  /**
   * Only the asked products of this business; `price` is numeric(10,2) text. `optionGroups` are the product's groups
   * as they are now, in the order the product shows them (each with its options in order; empty: none).
   */
  products: {
    id: number;
    name: string;
    price: string;
    isActive: boolean;
    optionGroups: PricingOptionGroup[];
    /** Its category (issue 33: a promo code may apply to a category). */
    categoryId: number;
  }[];
}

type Product = MenuForCheckout['products'][number];

/**
 * The product `p`'s option groups as contracts' PricingOptionGroup, in the product's order, inside the products' own
 * subquery: the checkout's one query prices the options too.
 */
const OPTION_GROUPS = `coalesce((
            select json_agg(json_build_object('id', g.id, 'name', g.name, 'minChoices', g.min_choices,
                     'maxChoices', g.max_choices, 'without', g.without,
                     'options', coalesce((
                       select json_agg(json_build_object('id', o.id, 'name', o.name, 'priceAgorot', o.price_agorot,
                                                         'available', o.available) order by o.position, o.id)
                         from group_options o where o.group_id = g.id), '[]'::json))
                   order by l.position, l.group_id)
              from product_option_groups l join option_groups g on g.id = l.group_id
             where l.product_id = p.id and l.business_id = p.business_id), '[]'::json)`;

const PRODUCTS = `json_agg(json_build_object('id', p.id, 'name', p.name, 'price', p.price::text,
                                  'isActive', p.is_active, 'categoryId', p.category_id,
                                  'optionGroups', ${OPTION_GROUPS}))`;

/** The asked products of the business. */
const READ = preparedStatement<{ products: Product[] | null }>(
  'checkout_menu',
  `select ${PRODUCTS} as products from products p where p.business_id = $1 and p.id = any($2::int[])`,
);

/** Every product of the business (sold out too): what the checkout keeps in memory. */
const READ_WHOLE = preparedStatement<{ products: Product[] | null }>(
  'checkout_menu_whole',
  `select ${PRODUCTS} as products from products p where p.business_id = $1`,
);

/** Departments whose menu the checkout remembers at most (past it, it starts over). */
const MENUS_KEPT = 10_000;

interface RememberedMenu {
  businessId: string;
  business: CheckoutBusiness;
  products: Map<number, Product>;
}

/**
 * The menu's answer to a checkout: the business (with the seller's details its tax invoice will carry, read through
 * accounts' reader) and the asked products. Ordering adds the order number from its own sequence.
 *
 * With one instance (no REDIS_URL), the business and all its products are remembered after the first checkout, and
 * dropped with the public menu, right after the commit of any edit of the menu or of the business (menu-cache
 * projection; a read that raced the drop is not kept): the next checkout prices with the edit. With several instances
 * an edit reaches the others through Redis after it committed, too late for a price check on them: every checkout
 * then reads the business and the menu of this moment, as the first of a department does here.
 */
@Injectable()
export class CheckoutMenus {
  private readonly remembers: boolean;
  private readonly menus = new Map<string, RememberedMenu>();

  constructor(
    @Inject(DATABASE) private readonly database: Database,
    private readonly businesses: BusinessReader,
    private readonly cache: PublicMenuCache<unknown>,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.remembers = !config.redisUrl;
    cache.onDrop((businessId) => {
      for (const [departmentId, menu] of this.menus) {
        if (menu.businessId === businessId) this.menus.delete(departmentId);
      }
    });
  }

  async read(departmentId: string, productIds: readonly number[]): Promise<MenuForCheckout | null> {
    if (!this.remembers) {
      const business = await this.businesses.checkoutBusiness(departmentId);
      if (!business) return null;
      const [row] = await this.database.run(READ, [business.phone, productIds]);
      return { business, products: row?.products ?? [] };
    }
    const remembered = this.menus.get(departmentId);
    if (remembered) return { business: remembered.business, products: pick(remembered.products, productIds) };
    const startedAt = this.cache.startBuild();
    const business = await this.businesses.checkoutBusiness(departmentId);
    if (!business) return null;
    const [row] = await this.database.run(READ_WHOLE, [business.phone]);
    const menu: RememberedMenu = {
      businessId: business.phone,
      business,
      products: new Map((row?.products ?? []).map((product) => [product.id, product])),
    };
    if (!this.cache.droppedSince(business.phone, startedAt)) {
      if (this.menus.size >= MENUS_KEPT) this.menus.clear();
      this.menus.set(departmentId, menu);
    }
    return { business, products: pick(menu.products, productIds) };
  }
}

/** The asked products of the business, once each (an unknown or foreign id is simply absent). */
function pick(products: ReadonlyMap<number, Product>, ids: readonly number[]): Product[] {
  const picked: Product[] = [];
  for (const id of new Set(ids)) {
    const product = products.get(id);
    if (product) picked.push(product);
  }
  return picked;
}
