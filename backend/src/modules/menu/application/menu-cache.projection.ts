import { afterCommit } from '../../../platform/database/after-commit.js';
import type { InlineProjection } from '../../../platform/event-store/inline-projection.js';
import { MENU_TRANSLATIONS_EVENT_TYPES } from '../domain/menu-translations.events.js';
import { OPTION_GROUPS_EVENT_TYPES } from '../domain/option-groups.events.js';
import type { PublicMenuCache } from './public-menu-cache.js';

/**
 * Not a read model: a hook in the append's transaction that drops a business's cached public menu, once that
 * transaction has committed (before it, a reader could refill the cache with the rows of before), on every event
 * that changes what diners see. Menu edits (`MenuChanged`), and the business's own events: name, logo, its public
 * address (a dropped business loses its menu under every id it was cached by), and the pause, activation and closing
 * the admin issue adds (listed by name so they are covered the day they exist); and every change of the option groups
 * (a rename, a price, oat milk sold out: each shows on every product that uses the group).
 */
export const MENU_CACHE_EVENT_TYPES = [
  'MenuChanged',
  ...OPTION_GROUPS_EVENT_TYPES,
  // The owner's translations: every language's answer is dropped with the business's menu.
  ...MENU_TRANSLATIONS_EVENT_TYPES,
  'BusinessRegistered',
  'BusinessProfileChanged',
  // The address the checkout's seller carries onto the order's tax documents (issue 17).
  'BusinessAddressChanged',
  // The Cardcom terminal a checkout opens its page with (the checkout's memory of the menu is dropped with it).
  'PayoutAccountChanged',
  'LogoChanged',
  // The languages the diner's switcher offers (the public menu's business.languages).
  'DinerLanguagesChosen',
  // The readable address and the previews' line (issue 33: the public menu's business.menuAddress, shareLine).
  'MenuAddressChosen',
  // Whether ordering is open (the public menu's `ordering`, and the checkout's memory of the schedule, decision 028).
  'OpeningHoursSet',
  'OrderingPaused',
  'OrderingResumed',
  // What the checkout offers (the public menu's business.payments, the checkout's tip and Bit checks).
  'PaymentOptionsChosen',
  // Order ahead's slots (issue 33): the public menu's orderAhead and the checkout's pickup times.
  'OrderAheadChosen',
  // A new public address: dropping the business drops its menu under the old id, so that id answers 404 at once.
  'DepartmentIdRegenerated',
  'BusinessPaused',
  'BusinessActivated',
  'BusinessClosed',
  'BusinessReopened',
  'BusinessDeleted',
] as const;

export function menuCacheProjection(cache: PublicMenuCache<unknown>): InlineProjection {
  return {
    name: 'public-menu-cache',
    handles: MENU_CACHE_EVENT_TYPES,
    apply(em, event) {
      const data = (event.data ?? {}) as { businessId?: unknown; phone?: unknown };
      const businessId = typeof data.businessId === 'string' ? data.businessId : data.phone;
      if (typeof businessId === 'string') afterCommit(em, () => cache.invalidate(businessId));
      return Promise.resolve();
    },
  };
}
