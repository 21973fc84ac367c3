import { Inject, Injectable } from '@nestjs/common';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { preparedStatement } from '../../../platform/database/prepared-statement.js';
import { APP_CONFIG } from '../../../config/config.module.js';
import type { AppConfig } from '../../../config/config.js';
import { PAYMENT_OPTIONS_OFF, type PaymentOptions, type PricingOptionGroup } from '@tafrit/contracts';
import { orderingSettingsOf, type OrderingSettings } from '../../accounts/index.js';
import { PublicMenuCache } from './public-menu-cache.js';

/** The department's business and the asked products, as a checkout prices them (the prices of this moment). */
export interface CheckoutMenu {
  business: {
    phone: string;
    departmentId: string;
    businessName: string;
    idNumber: string;
    receiptPhone: string | null;
    /** The address its tax documents print; null until a business registered before issue 17 gives one. */
    street: string | null;
    city: string | null;
    email: string;
    isActive: boolean;
    /** The business's own Cardcom terminal, when it set one up (decision 005 §6). */
    /** How a ready order reaches the diner (issue 18): recorded with the order, shown on its thank-you page. */
    serviceMode: 'table' | 'pickup';
    cardcom: { terminalNumber: string; apiName: string } | null;
    /** Its opening hours and pause (decision 028): the checkout refuses while ordering is closed. */
    ordering: OrderingSettings;
    /** The tip, Bit and Google Pay the checkout offers (issue 17). */
    paymentOptions: PaymentOptions;
  };
  /**
   * Only the asked products of this business; `price` is numeric(10,2) text. `optionGroups` are the product's groups
   * as they are now, in the order the product shows them (each with its options in order; empty: none).
   */
  products: { id: number; name: string; price: string; isActive: boolean; optionGroups: PricingOptionGroup[] }[];
  /**
   * The business's next order number, taken from its sequence with this read (none for a paused business), so the
   * payment page can be opened before the order is stored. A checkout refused after it leaves a gap: order numbers
   * need not be gapless (decision 015).
   */
  nextOrderNumber: number | null;
}

interface Row {
  phone: string;
  department_id: string;
  business_name: string;
  id_number: string;
  receipt_phone: string | null;
  street: string | null;
  city: string | null;
  email: string;
  is_active: boolean;
  cardcom_enabled: boolean;
  cardcom_terminal_number: string | null;
  cardcom_api_name: string | null;
  service_mode: string | null;
  opening_hours: unknown;
  ordering_pause: unknown;
  payment_options: PaymentOptions | null;
  products: CheckoutMenu['products'] | null;
  next_order_number: number | null;
}

const BUSINESS_COLUMNS = `b.phone, b.department_id, b.business_name, b.id_number, b.receipt_phone, b.email, b.is_active,
          b.street, b.city, b.cardcom_enabled, b.cardcom_terminal_number, b.cardcom_api_name, b.service_mode,
          b.opening_hours, b.ordering_pause, b.payment_options`;

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
             where l.product_id = p.id and l.business_id = b.phone), '[]'::json)`;

const READ = preparedStatement<Row>(
  'checkout_menu',
  `select ${BUSINESS_COLUMNS},
          (select json_agg(json_build_object('id', p.id, 'name', p.name, 'price', p.price::text,
                                             'isActive', p.is_active, 'optionGroups', ${OPTION_GROUPS}))
             from products p where p.business_id = b.phone and p.id = any($2::int[])) as products,
          case when b.is_active then next_order_number(b.phone) end as next_order_number
     from businesses b where b.department_id = $1 and b.closed_at is null`,
);

/** The same, with every product of the business (sold out too): what the checkout keeps in memory. */
const READ_WHOLE = preparedStatement<Row>(
  'checkout_menu_whole',
  `select ${BUSINESS_COLUMNS},
          (select json_agg(json_build_object('id', p.id, 'name', p.name, 'price', p.price::text,
                                             'isActive', p.is_active, 'optionGroups', ${OPTION_GROUPS}))
             from products p where p.business_id = b.phone) as products,
          case when b.is_active then next_order_number(b.phone) end as next_order_number
     from businesses b where b.department_id = $1 and b.closed_at is null`,
);

/** `$2` numbers of the business's order sequence at once, in the order they were taken. */
const NUMBERS = preparedStatement<{ n: number }>(
  'order_numbers',
  'select next_order_number($1) as n from generate_series(1, $2::int) order by 1',
);

/** A block holds about a quarter of a second's worth of the business's checkouts... */
const BLOCK_FRACTION_OF_RATE = 4;
/** ...once it takes at least this many a second; below, one number at a time. */
const BLOCKS_FROM_RATE = 16;
const BLOCK_AT_MOST = 64;
/** Departments whose menu the checkout remembers at most (past it, it starts over). */
const MENUS_KEPT = 10_000;

interface RememberedMenu {
  businessId: string;
  business: CheckoutMenu['business'];
  products: Map<number, CheckoutMenu['products'][number]>;
}

/** The order numbers a business took from its sequence and has not handed out yet, and how fast it takes them. */
class NumberBlock {
  private readonly numbers: number[] = [];
  private fetching: Promise<void> | undefined;
  private waiting = 0;
  private second = 0;
  private takenThisSecond = 0;
  private takenLastSecond = 0;

  constructor(private readonly fetch: (count: number) => Promise<number[]>) {}

  async take(): Promise<number> {
    this.count();
    const ready = this.numbers.shift();
    if (ready !== undefined) return ready;
    // Checkouts that arrive while a block is being taken wait for it; one that finds it spent takes the next, for
    // itself and every checkout waiting then (so a burst costs one query, not one each).
    this.waiting++;
    try {
      for (;;) {
        this.fetching ??= this.fetch(Math.max(this.size(), this.waiting))
          .then((numbers) => {
            if (numbers.length === 0) throw new Error('the order number sequence gave no number');
            this.numbers.push(...numbers);
          })
          .finally(() => {
            this.fetching = undefined;
          });
        await this.fetching;
        const next = this.numbers.shift();
        if (next !== undefined) return next;
      }
    } finally {
      this.waiting--;
    }
  }

  /**
   * One number at a time while the business takes fewer than `BLOCKS_FROM_RATE` a second (so its numbers stay in
   * step with the sequence, as when every checkout took its own, and a burst leaves no number behind), else a quarter
   * of a second's worth: a restart leaves at most that gap in its numbers.
   */
  private size(): number {
    const rate = Math.max(this.takenThisSecond, this.takenLastSecond);
    if (rate < BLOCKS_FROM_RATE) return 1;
    return Math.min(BLOCK_AT_MOST, Math.floor(rate / BLOCK_FRACTION_OF_RATE));
  }

  private count(): void {
    const second = Math.floor(Date.now() / 1000);
    if (second !== this.second) {
      this.takenLastSecond = second === this.second + 1 ? this.takenThisSecond : 0;
      this.takenThisSecond = 0;
      this.second = second;
    }
    this.takenThisSecond++;
  }
}

/**
 * The menu's answer to a checkout: the business (with the seller's details its tax invoice will carry), the asked
 * products and the business's next order number.
 *
 * With one instance (no REDIS_URL), the business and all its products are remembered after the first checkout, and
 * dropped with the public menu, right after the commit of any edit of the menu or of the business (menu-cache
 * projection; a read that raced the drop is not kept): the next checkout prices with the edit. Order numbers then come
 * from the business's sequence in blocks when it takes many (`NumberBlock`), so a checkout usually needs no query.
 * With several instances an edit reaches the others through Redis after it committed, too late for a price check on
 * them: every checkout then reads the menu of this moment in one query, as the first of a department does here.
 */
@Injectable()
export class CheckoutMenuReader {
  private readonly remembers: boolean;
  private readonly menus = new Map<string, RememberedMenu>();
  private readonly blocks = new Map<string, NumberBlock>();

  constructor(
    @Inject(DATABASE) private readonly database: Database,
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

  async read(departmentId: string, productIds: readonly number[]): Promise<CheckoutMenu | null> {
    if (!this.remembers) {
      const [row] = await this.database.run(READ, [departmentId, productIds]);
      return row ? checkoutMenuOf(row) : null;
    }
    const remembered = this.menus.get(departmentId);
    if (remembered) {
      const { business } = remembered;
      return {
        business,
        products: pick(remembered.products, productIds),
        nextOrderNumber: business.isActive ? await this.blockOf(business.phone).take() : null,
      };
    }
    const startedAt = this.cache.startBuild();
    const [row] = await this.database.run(READ_WHOLE, [departmentId]);
    if (!row) return null;
    const whole = checkoutMenuOf(row);
    const menu: RememberedMenu = {
      businessId: row.phone,
      business: whole.business,
      products: new Map(whole.products.map((product) => [product.id, product])),
    };
    if (!this.cache.droppedSince(row.phone, startedAt)) {
      if (this.menus.size >= MENUS_KEPT) this.menus.clear();
      this.menus.set(departmentId, menu);
    }
    return { ...whole, products: pick(menu.products, productIds) };
  }

  private blockOf(businessId: string): NumberBlock {
    let block = this.blocks.get(businessId);
    if (!block) {
      if (this.blocks.size >= MENUS_KEPT) this.blocks.clear();
      block = new NumberBlock(async (count) =>
        (await this.database.run(NUMBERS, [businessId, count])).map((row) => Number(row.n)),
      );
      this.blocks.set(businessId, block);
    }
    return block;
  }
}

/** The asked products of the business, once each (an unknown or foreign id is simply absent). */
function pick(
  products: ReadonlyMap<number, CheckoutMenu['products'][number]>,
  ids: readonly number[],
): CheckoutMenu['products'] {
  const picked: CheckoutMenu['products'] = [];
  for (const id of new Set(ids)) {
    const product = products.get(id);
    if (product) picked.push(product);
  }
  return picked;
}

function checkoutMenuOf(row: Row): CheckoutMenu {
  return {
    business: {
      phone: row.phone,
      departmentId: row.department_id,
      businessName: row.business_name,
      idNumber: row.id_number,
      receiptPhone: row.receipt_phone,
      street: row.street,
      city: row.city,
      email: row.email,
      isActive: row.is_active,
      serviceMode: row.service_mode === 'pickup' ? 'pickup' : 'table',
      cardcom:
        row.cardcom_enabled && row.cardcom_terminal_number && row.cardcom_api_name
          ? { terminalNumber: row.cardcom_terminal_number, apiName: row.cardcom_api_name }
          : null,
      ordering: orderingSettingsOf(row.opening_hours, row.ordering_pause),
      paymentOptions: { ...PAYMENT_OPTIONS_OFF, ...row.payment_options },
    },
    products: row.products ?? [],
    nextOrderNumber: row.next_order_number === null ? null : Number(row.next_order_number),
  };
}
