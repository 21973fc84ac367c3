import type { EntityManager } from '@mikro-orm/postgresql';
import type { InlineProjection } from '../../../platform/event-store/inline-projection.js';
import type { RecordedEvent } from '../../../platform/event-store/event-store.port.js';
import type { BusinessEvent } from '../domain/business.events.js';
import { BUSINESS_EVENT_TYPES } from '../domain/business.events.js';
import { type Business, BusinessEntity } from './business.entity.js';
import { execute, query } from '../../../platform/database/sql.js';
import { MenuAddressTakenError } from '../domain/business.errors.js';

/**
 * The `businesses` read model, written in the append's own transaction so the answer to a registration or a settings
 * change (and the unique e-mail check) sees it at once. Idempotent: each row keeps the stream version it last applied
 * and an update applies only when its event is newer, so a replay changes nothing.
 */
export const businessesProjection: InlineProjection = {
  name: 'businesses',
  handles: BUSINESS_EVENT_TYPES,
  async apply(em: EntityManager, recorded: RecordedEvent) {
    const event = recorded as RecordedEvent & BusinessEvent;
    switch (event.type) {
      case 'BusinessRegistered': {
        const { data } = event;
        await em
          .createQueryBuilder(BusinessEntity)
          .insert({
            phone: data.phone,
            fullName: data.fullName,
            businessName: data.businessName,
            email: data.email,
            idNumber: data.idNumber,
            bankName: data.bankName,
            branch: data.branch,
            accountNumber: data.accountNumber,
            beneficiaryName: data.beneficiaryName,
            receiptPhone: data.receiptPhone,
            street: data.address?.street ?? null,
            city: data.address?.city ?? null,
            departmentId: data.departmentId,
            isActive: true,
            cardcomEnabled: data.cardcom.enabled,
            cardcomTerminalNumber: data.cardcom.terminalNumber,
            cardcomApiName: data.cardcom.apiName,
            streamVersion: event.streamVersion,
            createdAt: new Date(data.registeredAt),
          })
          .onConflict('phone')
          .ignore()
          .execute();
        return;
      }
      case 'BusinessProfileChanged': {
        const { fullName, businessName, email, idNumber, receiptPhone } = event.data;
        await applyNewer(em, event, { fullName, businessName, email, idNumber, receiptPhone });
        return;
      }
      case 'BusinessAddressChanged':
        await applyNewer(em, event, { street: event.data.street, city: event.data.city });
        return;
      case 'CardcomApiPasswordChanged':
        await applyNewer(em, event, { cardcomApiPasswordSet: event.data.set });
        return;
      case 'PayoutAccountChanged': {
        const { bankName, branch, accountNumber, beneficiaryName, cardcom } = event.data;
        await applyNewer(em, event, {
          bankName,
          branch,
          accountNumber,
          beneficiaryName,
          cardcomEnabled: cardcom.enabled,
          cardcomTerminalNumber: cardcom.terminalNumber,
          cardcomApiName: cardcom.apiName,
        });
        return;
      }
      case 'LogoChanged':
        await applyNewer(em, event, { logo: event.data.logo });
        return;
      case 'DinerLanguagesChosen':
        await applyNewer(em, event, { dinerLanguages: event.data.languages });
        return;
      case 'MenuAddressChosen': {
        const { phone, address, shareLine, changedAt } = event.data;
        if (address) await claimMenuAddress(em, { address, phone, at: changedAt });
        await applyNewer(em, event, { menuAddress: address, shareLine });
        return;
      }
      case 'ServiceModeChosen':
        await applyNewer(em, event, { serviceMode: event.data.serviceMode });
        return;
      case 'AutoAcceptChosen': {
        const { enabled, readyInMinutes, changedAt } = event.data;
        await applyNewer(em, event, { autoAccept: { enabled, readyInMinutes, since: changedAt } });
        return;
      }
      case 'OrderAheadChosen':
        await applyNewer(em, event, { orderAhead: event.data.settings });
        return;
      case 'OpeningHoursSet':
        await applyNewer(em, event, { openingHours: event.data.hours });
        return;
      case 'OrderingPaused':
        await applyNewer(em, event, { orderingPause: { until: event.data.until } });
        return;
      case 'OrderingResumed':
        await applyNewer(em, event, { orderingPause: null });
        return;
      case 'PaymentOptionsChosen': {
        const { tipsEnabled, bitEnabled, googlePayEnabled } = event.data;
        await applyNewer(em, event, { paymentOptions: { tipsEnabled, bitEnabled, googlePayEnabled } });
        return;
      }
      case 'DepartmentIdRegenerated':
        await applyNewer(em, event, { departmentId: event.data.departmentId });
        return;
      case 'BusinessImpersonated':
        // An audit fact: nothing in the read model changes.
        return;
      case 'BusinessPaused':
        await applyNewer(em, event, { isActive: false });
        return;
      case 'BusinessActivated':
        await applyNewer(em, event, { isActive: true });
        return;
      case 'BusinessClosed':
        // The row stays (its orders and invoices name it); the logo's file is removed after the event.
        await applyNewer(em, event, { isActive: false, closedAt: new Date(event.data.at), logo: null });
        return;
      case 'BusinessReopened':
        // Every gate that looks at `closed_at` (sign-in, owner routes, menu, payments) opens again with it.
        await applyNewer(em, event, { isActive: true, closedAt: null, logo: null });
        return;
    }
  },
};

/**
 * Keeps the address in `menu_addresses` for good. Claiming one that another business has or had throws, which rolls
 * the whole append back (the handler checked first; this is the race's answer); the same business claiming it again
 * (back to an address it left, or a replay) changes nothing.
 */
async function claimMenuAddress(em: EntityManager, claim: { address: string; phone: string; at: string }) {
  await execute(
    em,
    'insert into menu_addresses (address, business_phone, claimed_at) values (?, ?, ?) on conflict (address) do nothing',
    [claim.address, claim.phone, claim.at],
  );
  const [row] = await query<{ business_phone: string }>(
    em,
    'select business_phone from menu_addresses where address = ?',
    [claim.address],
  );
  if (row?.business_phone !== claim.phone) throw new MenuAddressTakenError(claim.address);
}

/** Updates the row only when this event is newer than what the row has; moves the row's stream version with it. */
async function applyNewer(
  em: EntityManager,
  event: RecordedEvent & BusinessEvent,
  values: Partial<Omit<Business, 'phone' | 'streamVersion'>>,
): Promise<void> {
  await em
    .createQueryBuilder(BusinessEntity)
    .update({ ...values, streamVersion: event.streamVersion })
    .where({ phone: event.data.phone, streamVersion: { $lt: event.streamVersion } })
    .execute();
}
