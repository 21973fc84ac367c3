// The business summary as other modules read it: the columns the reader selects and the shape they are answered in,
// kept apart from the reader's queries.
import { offeredLanguages, type OfferableLanguage } from '@tafrit/contracts/languages';
import { PAYMENT_OPTIONS_OFF, type OrderAheadSettings, type PaymentOptions } from '@tafrit/contracts';
import { alwaysOpen, type OpeningHours, type OrderingPause } from '@tafrit/contracts';
import type { OrderingSettings } from '../domain/ordering-schedule.js';
import type { BusinessSummary } from './business.reader.js';

export const SUMMARY_FIELDS = [
  'phone',
  'businessName',
  'departmentId',
  'logo',
  'isActive',
  'closedAt',
  'dinerLanguages',
  'openingHours',
  'orderingPause',
  'paymentOptions',
  'menuAddress',
  'shareLine',
  'orderAhead',
] as const;

type SummaryRow = Omit<
  BusinessSummary,
  'logo' | 'closedAt' | 'dinerLanguages' | 'ordering' | 'paymentOptions' | 'menuAddress' | 'shareLine'
> & {
  menuAddress?: string | null;
  shareLine?: string | null;
  openingHours?: unknown;
  orderingPause?: unknown;
  orderAhead?: unknown;
  paymentOptions?: PaymentOptions | null;
  logo?: string | null;
  closedAt?: Date | null;
  dinerLanguages?: string[] | null;
};

export const toSummary = (business: SummaryRow): BusinessSummary => ({
  phone: business.phone,
  businessName: business.businessName,
  departmentId: business.departmentId,
  logo: business.logo ?? null,
  isActive: business.isActive,
  closedAt: business.closedAt ?? null,
  // Written only from DinerLanguagesChosen, whose languages the contract checked.
  dinerLanguages: offeredLanguages((business.dinerLanguages ?? null) as OfferableLanguage[] | null),
  ordering: orderingSettingsOf(business.openingHours, business.orderingPause, business.orderAhead),
  paymentOptions: { ...PAYMENT_OPTIONS_OFF, ...business.paymentOptions },
  menuAddress: business.menuAddress ?? null,
  shareLine: business.shareLine ?? null,
});

/** The columns as the schedule reads them (written only from events whose data the contract checked). */
export function orderingSettingsOf(
  openingHours: unknown,
  orderingPause: unknown,
  orderAhead?: unknown,
): OrderingSettings {
  const ahead = orderAhead as OrderAheadSettings | null | undefined;
  return {
    hours: (openingHours as OpeningHours | null | undefined) ?? alwaysOpen,
    pause: (orderingPause as OrderingPause | null | undefined) ?? null,
    // Only when on (issue 33): a business without it keeps the settings, and their cache keys, it always had.
    ...(ahead?.enabled ? { ahead } : {}),
  };
}
