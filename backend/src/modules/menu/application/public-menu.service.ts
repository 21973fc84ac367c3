import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  israelSlotTime,
  type OfferableLanguage,
  type PublicMenu,
  type PublicOrderAhead,
  publicMenuSchema,
} from '@tafrit/contracts';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { BusinessReader, OrderingMoments, type OrderingMoment, type OrderingSettings } from '../../accounts/index.js';
import { CategoryEntity } from '../persistence/category.entity.js';
import { ProductEntity } from '../persistence/product.entity.js';
import { MenuTranslationsReader } from '../projections/menu-translations.reader.js';
import { OptionGroupsReader } from '../projections/option-groups.reader.js';
import { translatedMenu } from './translated-menu.js';
import { inMenuOrder, toPublicProduct } from './menu-views.js';
import { toPublicOptionGroup } from './option-views.js';
import { PickupSlotCounts } from './pickup-slot-counts.js';
import { PublicMenuCache } from './public-menu-cache.js';

/**
 * What `find` answers: the menu with its serialised JSON (the `data` of `GET /api/menu/{departmentId}`, ready to send
 * or to embed in the diner's page) and a strong ETag of that JSON; or why there is none.
 */
export type PublicMenuResult =
  | {
      status: 'ok';
      menu: PublicMenu;
      etag: string;
      json: string;
      /**
       * Until when (ms) `menu.ordering` holds: the next open or close boundary of the business's schedule
       * (Infinity for a business that set no hours). Past it, the cached answer is stamped again (decision 028).
       */
      validUntil: number;
      /** The business (its phone: never serialised) and its schedule, to stamp the answer again without a query. */
      businessId: string;
      schedule: OrderingSettings;
      /**
       * Order ahead's slots are in the answer (issue 33): past `validUntil` it is built again (the slots' places are
       * read again), never only stamped.
       */
      rebuildAtExpiry?: true;
    }
  | { status: 'not_found' }
  | { status: 'unavailable'; businessName: string };

/** Department ids are short URL-safe tokens; anything else is not a department and never reaches the database. */
const DEPARTMENT_ID = /^[A-Za-z0-9_-]{1,64}$/;

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

/** A strong validator: the same bytes give the same tag on every instance. */
export const etagOf = (json: string): string => `"${createHash('sha256').update(json).digest('base64url')}"`;

/**
 * The public menu of a department: built once from the read models, shaped by contracts' publicMenuSchema (only
 * public fields, at every level), and kept in memory until an edit of the menu or of the business drops it (see
 * menu-cache.projection.ts and PublicMenuCache). Paused businesses are kept too, as `unavailable`; closed ones as `not_found`.
 */
@Injectable()
export class PublicMenuService {
  constructor(
    @Inject(DATABASE) private readonly database: Database,
    private readonly cache: PublicMenuCache<PublicMenuResult>,
    private readonly businesses: BusinessReader,
    private readonly optionGroups: OptionGroupsReader,
    private readonly translations: MenuTranslationsReader,
    private readonly moments: OrderingMoments,
    private readonly slotCounts: PickupSlotCounts,
  ) {}

  /**
   * The menu when it is built and cached, at once (no promise): the public menu route answers these in the same
   * call. Undefined means "ask `find`" (not built yet, dropped by an edit, or not a department id).
   */
  cached(departmentId: string, language?: OfferableLanguage): PublicMenuResult | undefined {
    if (!DEPARTMENT_ID.test(departmentId)) return undefined;
    return this.current(language ? languageKey(departmentId, language) : departmentId);
  }

  /**
   * The cached answer under `key`, stamped again when the clock passed its ordering's boundary: one comparison per
   * request; the schedule is worked out once per boundary, never per request (decision 028).
   */
  private current(key: string): PublicMenuResult | undefined {
    const result = this.cache.get(key);
    // A business that set no hours never reads the clock (Date.now() is about 0.3 µs on these machines).
    if (result?.status !== 'ok' || result.validUntil === Infinity || Date.now() < result.validUntil) return result;
    if (result.rebuildAtExpiry) return undefined;
    const startedAt = this.cache.startBuild();
    const restamped = stamped(result.menu, result.businessId, result.schedule, this.moments.at(result.schedule));
    this.cache.set(key, result.businessId, restamped, startedAt);
    return restamped;
  }

  /** The menu in `language` (decision 023), else as the owner wrote it; each language is cached on its own. */
  async find(departmentId: string, language?: OfferableLanguage): Promise<PublicMenuResult> {
    if (!DEPARTMENT_ID.test(departmentId)) return { status: 'not_found' };
    if (language) return this.findTranslated(departmentId, language);
    const cached = this.current(departmentId);
    if (cached) return cached;
    const startedAt = this.cache.startBuild();
    const em = this.database.em();
    const business = await this.businesses.byDepartment(departmentId, em);
    // Unknown departments are not cached: the 404 rate limit keeps their lookups few.
    if (!business) return { status: 'not_found' };
    let result: PublicMenuResult;
    if (business.closedAt) {
      // A closed account's menu is gone for good: the diner sees "menu not found", as for any unknown link.
      result = { status: 'not_found' };
    } else if (!business.isActive) {
      result = { status: 'unavailable', businessName: business.businessName };
    } else {
      const [categories, products] = await Promise.all([
        em.find(CategoryEntity, { businessId: business.phone }, { orderBy: { order: 'asc', id: 'asc' } }),
        // Sold out for today included, marked (toPublicProduct): a diner sees it ran out rather than that it is gone.
        em.find(ProductEntity, { businessId: business.phone }),
      ]);
      // Each group is shaped once and shared by every product that uses it (a group is the business's, not a product's).
      const { byId, productGroups } = await this.optionGroups.ofBusiness(business.phone, em);
      const shaped = new Map([...byId].map(([id, view]) => [id, toPublicOptionGroup(view)]));
      const moment = this.moments.at(business.ordering);
      const { open, reason, opensAt } = moment;
      const menu = publicMenuSchema.parse({
        business: {
          businessName: business.businessName,
          logo: business.logo ?? null,
          departmentId,
          languages: business.dinerLanguages,
          payments: {
            tips: business.paymentOptions.tipsEnabled,
            bit: business.paymentOptions.bitEnabled,
            googlePay: business.paymentOptions.googlePayEnabled,
          },
          ...(business.menuAddress ? { menuAddress: business.menuAddress } : {}),
          ...(business.shareLine ? { shareLine: business.shareLine } : {}),
        },
        categories: categories.map(({ id, name, order }) => ({ id, name, order })),
        // In the menu's reading order: the diner's page keeps the owner's order inside a category.
        products: inMenuOrder(products, categories).map((product) =>
          toPublicProduct(
            product,
            (productGroups.get(product.id) ?? []).flatMap((groupId) => shaped.get(groupId) ?? []),
          ),
        ),
        ordering: { open, reason, opensAt },
      });
      result = stamped(menu, business.phone, business.ordering, moment, await this.orderAhead(business));
    }
    this.cache.set(departmentId, business.phone, result, startedAt);
    return result;
  }

  /**
   * Built on the Hebrew menu (cached or built here) and the business's translations, and cached beside it under its
   * own key: an edit or a translation drops the business's every key at once (PublicMenuCache.invalidate).
   */
  private async findTranslated(departmentId: string, language: OfferableLanguage): Promise<PublicMenuResult> {
    const key = languageKey(departmentId, language);
    const cached = this.current(key);
    if (cached) return cached;
    // Taken before the Hebrew is read: a change committed after it means this build is answered but not kept.
    const startedAt = this.cache.startBuild();
    const hebrew = await this.find(departmentId);
    if (hebrew.status !== 'ok') return hebrew;
    const em = this.database.em();
    const business = await this.businesses.byDepartment(departmentId, em);
    if (!business) return { status: 'not_found' };
    const menu = translatedMenu(hebrew.menu, language, await this.translations.ofBusiness(business.phone, em));
    const ahead = hebrew.menu.orderAhead && { orderAhead: hebrew.menu.orderAhead, validUntil: hebrew.validUntil };
    const result = stamped(menu, business.phone, hebrew.schedule, this.moments.at(hebrew.schedule), ahead);
    this.cache.set(key, business.phone, result, startedAt);
    return result;
  }

  /** Drops a business's cached menus (ordering, when a pickup slot filled: the next reader sees it full). */
  dropBusiness(businessPhone: string): void {
    this.cache.invalidate(businessPhone);
  }

  /**
   * The menu's `orderAhead` (issue 33): today's slots (worked out once until they change, OrderingMoments) and which
   * have a place left, read in one query; kept at most a few minutes, so a place given back shows soon.
   */
  private async orderAhead(business: {
    phone: string;
    ordering: OrderingSettings;
  }): Promise<OrderAheadPiece | undefined> {
    const { ahead } = business.ordering;
    if (!ahead) return undefined;
    const now = this.moments.clock();
    const { asap, slots, validUntil } = this.moments.slotsAt(business.ordering, now);
    const taken = slots.length
      ? await this.slotCounts.takenBetween(business.phone, slots[0]!, slots.at(-1)! + 1)
      : new Map<number, number>();
    return {
      orderAhead: {
        enabled: true,
        asap,
        estimateMinutes: ahead.estimateMinutes,
        slots: slots.map((at) => ({ at: israelSlotTime(at), available: (taken.get(at) ?? 0) < ahead.perSlot })),
      },
      validUntil: Math.min(validUntil, now + AHEAD_KEPT_MS),
    };
  }
}

/**
 * The answer with ordering's state `moment` and the instant it holds until (worked out once per boundary for every
 * language of the business, OrderingMoments). The menu's `ordering` is replaced (the
 * rest of the menu is shared, frozen), serialised once, and its ETag follows: a diner's revalidation after a
 * boundary gets the new state, never a 304 of the old.
 */
function stamped(
  menu: PublicMenu,
  businessId: string,
  schedule: OrderingSettings,
  { open, reason, opensAt, validUntil }: OrderingMoment,
  ahead?: OrderAheadPiece,
): Extract<PublicMenuResult, { status: 'ok' }> {
  const withOrdering = {
    ...menu,
    ordering: { open, reason, opensAt },
    ...(ahead ? { orderAhead: ahead.orderAhead } : {}),
  };
  const json = JSON.stringify(withOrdering);
  const until = ahead ? Math.min(validUntil, ahead.validUntil) : validUntil;
  // Shared by every caller while cached: frozen, so no caller can change what the next one reads.
  return {
    status: 'ok',
    menu: deepFreeze(withOrdering),
    etag: etagOf(json),
    json,
    validUntil: until,
    businessId,
    schedule,
    ...(ahead ? { rebuildAtExpiry: true as const } : {}),
  };
}

/** The menu's order-ahead piece and until when it holds. */
interface OrderAheadPiece {
  orderAhead: PublicOrderAhead;
  validUntil: number;
}

/** How long an order-ahead menu is kept at most before its slots' places are read again. */
const AHEAD_KEPT_MS = 60_000;

/** A language's cache key: `|` is never in a department id, so no key of one department is another's. */
const languageKey = (departmentId: string, language: OfferableLanguage) => `${departmentId}|${language}`;
