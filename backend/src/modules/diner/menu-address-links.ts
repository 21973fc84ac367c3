import { Injectable } from '@nestjs/common';
import { MenuAddressReader, type MenuAddressTarget } from '../accounts/index.js';
import { afterCommit } from '../../platform/database/after-commit.js';
import type { InlineProjection } from '../../platform/event-store/inline-projection.js';

/** How long another instance may still lead an address where it led before a change (this one drops it at once). */
const LINK_TTL_MS = 30_000;
const LINK_LIMIT = 5_000;

/**
 * Where readable menu addresses lead (issue 33), remembered: a shared address is opened again and again, and the
 * page must stay as quick as the random address's (one cached menu, no query). An unknown address is not kept (they
 * are unbounded; the menu's 404 limit counts them). This process forgets every link after the commit of an event that
 * may move one; another instance follows within LINK_TTL_MS (decision 051).
 */
@Injectable()
export class MenuAddressLinks {
  private readonly links = new Map<string, { target: MenuAddressTarget; until: number }>();

  constructor(private readonly addresses: MenuAddressReader) {}

  async target(address: string, now = Date.now()): Promise<MenuAddressTarget | undefined> {
    const known = this.links.get(address);
    if (known && known.until > now) return known.target;
    const target = await this.addresses.target(address);
    if (!target) {
      this.links.delete(address);
      return undefined;
    }
    if (this.links.size >= LINK_LIMIT) this.links.clear();
    this.links.set(address, { target, until: now + LINK_TTL_MS });
    return target;
  }

  forget(): void {
    this.links.clear();
  }
}

/** The business events after which an address may lead elsewhere, or nowhere. */
export const MENU_ADDRESS_LINK_EVENTS = [
  'MenuAddressChosen',
  'DepartmentIdRegenerated',
  'BusinessClosed',
  'BusinessReopened',
] as const;

export function menuAddressLinksProjection(links: MenuAddressLinks): InlineProjection {
  return {
    name: 'menu-address-links',
    handles: MENU_ADDRESS_LINK_EVENTS,
    apply(em) {
      afterCommit(em, () => links.forget());
      return Promise.resolve();
    },
  };
}
