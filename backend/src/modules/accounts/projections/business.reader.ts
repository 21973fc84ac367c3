import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { DinerLanguage } from '@tafrit/contracts/languages';
import { ORDER_AHEAD_OFF, PAYMENT_OPTIONS_OFF, type OrderAheadSettings, type PaymentOptions } from '@tafrit/contracts';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { preparedStatement } from '../../../platform/database/prepared-statement.js';
import type { OrderingSettings } from '../domain/ordering-schedule.js';
import { BusinessEntity } from './business.entity.js';
import { orderingSettingsOf, SUMMARY_FIELDS, toSummary } from './business-summary.js';

export { orderingSettingsOf } from './business-summary.js';

/** What other modules may know of a business: its name and status, never its owner's private details. */
/** Automatic acceptance of new orders (decision 032); `since`: when it was last chosen (null: never, off). */
export interface AutoAcceptSetting {
  enabled: boolean;
  readyInMinutes: number | null;
  since: string | null;
}

const AUTO_ACCEPT_OF_MANY = preparedStatement<{
  phone: string;
  auto_accept: { enabled: boolean; readyInMinutes: number | null; since: string } | null;
}>(
  'businesses_auto_accept_of_many',
  'select phone, auto_accept from businesses where phone = any($1::text[]) and closed_at is null',
);

/** The business as a checkout prices with it: the seller's details its tax invoice carries, and what it offers. */
export interface CheckoutBusiness {
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
  /** How a ready order reaches the diner (issue 18): recorded with the order, shown on its thank-you page. */
  serviceMode: 'table' | 'pickup';
  /** The business's own Cardcom terminal, when it set one up (decision 005 §6). */
  cardcom: { terminalNumber: string; apiName: string } | null;
  /** Its opening hours and pause (decision 028): the checkout refuses while ordering is closed. */
  ordering: OrderingSettings;
  /** The tip, Bit and Google Pay the checkout offers (issue 17). */
  paymentOptions: PaymentOptions;
}

const CHECKOUT_BUSINESS = preparedStatement<{
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
  order_ahead: unknown;
}>(
  'checkout_business',
  `select phone, department_id, business_name, id_number, receipt_phone, email, is_active, street, city,
          cardcom_enabled, cardcom_terminal_number, cardcom_api_name, service_mode, opening_hours, ordering_pause,
          payment_options, order_ahead
     from businesses where department_id = $1 and closed_at is null`,
);

export interface BusinessSummary {
  phone: string;
  businessName: string;
  departmentId: string;
  logo: string | null;
  isActive: boolean;
  closedAt: Date | null;
  /** The languages offered to its diners, Hebrew first (decision 023). */
  dinerLanguages: DinerLanguage[];
  /** Its opening hours and pause (decision 028): `orderingAt` answers whether diners may order at a moment. */
  ordering: OrderingSettings;
  /** What the checkout offers beside a card (issue 17). */
  paymentOptions: PaymentOptions;
  /** The readable menu address and the previews' line (issue 33); null: none. */
  menuAddress: string | null;
  shareLine: string | null;
}

/** The row an administrator sees in the list of accounts. */
export interface BusinessAccount extends BusinessSummary {
  fullName: string;
  email: string;
  createdAt: Date;
}

/** The seller's block on a tax document: name, dealer number, phone and address (null until given). */
export interface BusinessSeller {
  name: string;
  dealerNumber: string;
  phone: string;
  street: string | null;
  city: string | null;
}

/** Where a business's payout goes (the bank's code is kept in `bankName`). */
/** What a business's row holds of its seller's details now (`BusinessReader.detailsOf`). */
export interface BusinessDetailsNow {
  businessName: string;
  idNumber: string;
  phone: string;
  receiptPhone: string | null;
  street: string | null;
  city: string | null;
}

export interface BusinessPayee {
  businessName: string;
  bankCode: string;
  branch: string;
  accountNumber: string;
  beneficiaryName: string;
  idNumber: string;
}

/**
 * The `businesses` read model as other modules read it: the accounts module owns the table, so no other module
 * names it in SQL. Every method takes the caller's `em` when it runs inside the caller's transaction (on PGlite
 * there is one connection, and a second EntityManager would wait for that very transaction).
 */
@Injectable()
export class BusinessReader {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  /** Whether any business was ever registered (closed ones count). */
  async any(em: EntityManager = this.database.em()): Promise<boolean> {
    return (await em.count(BusinessEntity)) > 0;
  }

  async byPhone(phone: string, em: EntityManager = this.database.em()): Promise<BusinessSummary | undefined> {
    const business = await em.findOne(BusinessEntity, { phone }, { fields: SUMMARY_FIELDS });
    return business ? toSummary(business) : undefined;
  }

  /** How the business serves a ready order: `table` until the owner chooses otherwise (issue 18). */
  async serviceModeOf(phone: string, em: EntityManager = this.database.em()): Promise<'table' | 'pickup' | undefined> {
    const business = await em.findOne(BusinessEntity, { phone }, { fields: ['serviceMode', 'closedAt'] });
    if (!business || business.closedAt) return undefined;
    return business.serviceMode === 'pickup' ? 'pickup' : 'table';
  }

  /**
   * Automatic acceptance of new orders (decision 032): off until the owner chooses. `since` is when it was last
   * chosen (null: never); undefined for a business that is gone.
   */
  async autoAcceptOf(phone: string): Promise<AutoAcceptSetting | undefined> {
    return (await this.autoAcceptOfMany([phone])).get(phone);
  }

  /**
   * The same for many businesses in one prepared statement (a batch of paid orders, several times a second at a busy
   * moment: the entity manager's query building and hydration cost more than the rest of the batch); a business that
   * is gone is absent.
   */
  async autoAcceptOfMany(phones: readonly string[]): Promise<Map<string, AutoAcceptSetting>> {
    const rows = await this.database.run(AUTO_ACCEPT_OF_MANY, [[...phones]]);
    return new Map(
      rows.map((row) => [
        row.phone,
        row.auto_accept
          ? {
              enabled: row.auto_accept.enabled,
              readyInMinutes: row.auto_accept.readyInMinutes,
              since: row.auto_accept.since,
            }
          : { enabled: false, readyInMinutes: null, since: null },
      ]),
    );
  }

  /** The owner's order-ahead settings (issue 33): off until chosen; undefined for a business that is gone. */
  async orderAheadOf(phone: string, em: EntityManager = this.database.em()): Promise<OrderAheadSettings | undefined> {
    const business = await em.findOne(BusinessEntity, { phone }, { fields: ['orderAhead', 'closedAt'] });
    if (!business || business.closedAt) return undefined;
    return { ...ORDER_AHEAD_OFF, ...(business.orderAhead as Partial<OrderAheadSettings> | null) };
  }

  async byDepartment(
    departmentId: string,
    em: EntityManager = this.database.em(),
  ): Promise<BusinessSummary | undefined> {
    const business = await em.findOne(BusinessEntity, { departmentId }, { fields: SUMMARY_FIELDS });
    return business ? toSummary(business) : undefined;
  }

  /** The open business at a department (its QR code's address), as a checkout prices with it; one prepared statement. */
  async checkoutBusiness(departmentId: string): Promise<CheckoutBusiness | undefined> {
    const [row] = await this.database.run(CHECKOUT_BUSINESS, [departmentId]);
    if (!row) return undefined;
    return {
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
      ordering: orderingSettingsOf(row.opening_hours, row.ordering_pause, row.order_ahead),
      paymentOptions: { ...PAYMENT_OPTIONS_OFF, ...row.payment_options },
    };
  }

  /** Names by phone of the businesses that are not closed (a team's sign-in, issue 31); others are left out. */
  async openNamesOf(phones: readonly string[], em: EntityManager = this.database.em()): Promise<Map<string, string>> {
    if (phones.length === 0) return new Map();
    const rows = await em.find(
      BusinessEntity,
      { phone: { $in: [...phones] }, closedAt: null },
      { fields: ['phone', 'businessName'] },
    );
    return new Map(rows.map((row) => [row.phone, row.businessName]));
  }

  /** Names by phone; a phone with no business is left out. */
  async namesOf(phones: readonly string[], em: EntityManager = this.database.em()): Promise<Map<string, string>> {
    if (phones.length === 0) return new Map();
    const rows = await em.find(BusinessEntity, { phone: { $in: [...phones] } }, { fields: ['phone', 'businessName'] });
    return new Map(rows.map((row) => [row.phone, row.businessName]));
  }

  async sellerOf(phone: string, em: EntityManager = this.database.em()): Promise<BusinessSeller | undefined> {
    return (await this.sellersOf([phone], em)).get(phone);
  }

  /** Sellers by phone, in one query (the administrator's export names every business it invoiced); others left out. */
  async sellersOf(
    phones: readonly string[],
    em: EntityManager = this.database.em(),
  ): Promise<Map<string, BusinessSeller>> {
    if (phones.length === 0) return new Map();
    const rows = await em.find(
      BusinessEntity,
      { phone: { $in: [...phones] } },
      { fields: ['phone', 'businessName', 'idNumber', 'street', 'city'] },
    );
    return new Map(
      rows.map((business) => [
        business.phone,
        {
          name: business.businessName,
          dealerNumber: business.idNumber,
          phone: business.phone,
          street: business.street ?? null,
          city: business.city ?? null,
        },
      ]),
    );
  }

  /**
   * The business's details as it is now, for ordering's seller of an older order and a credit document (the seller
   * the document prints), with its receipt phone.
   */
  async detailsOf(phone: string, em: EntityManager = this.database.em()): Promise<BusinessDetailsNow | undefined> {
    const business = await em.findOne(
      BusinessEntity,
      { phone },
      { fields: ['businessName', 'idNumber', 'receiptPhone', 'street', 'city'] },
    );
    return business
      ? {
          businessName: business.businessName,
          idNumber: business.idNumber,
          phone,
          receiptPhone: business.receiptPhone ?? null,
          street: business.street ?? null,
          city: business.city ?? null,
        }
      : undefined;
  }

  /** The business's own Cardcom terminal as set up now: null when it has none, undefined when the business is gone. */
  async terminalOf(
    phone: string,
    em: EntityManager = this.database.em(),
  ): Promise<{ terminalNumber: string; apiName: string } | null | undefined> {
    const business = await em.findOne(
      BusinessEntity,
      { phone },
      { fields: ['cardcomTerminalNumber', 'cardcomApiName'] },
    );
    if (!business) return undefined;
    return business.cardcomTerminalNumber && business.cardcomApiName
      ? { terminalNumber: business.cardcomTerminalNumber, apiName: business.cardcomApiName }
      : null;
  }

  async payeesOf(
    phones: readonly string[],
    em: EntityManager = this.database.em(),
  ): Promise<Map<string, BusinessPayee>> {
    if (phones.length === 0) return new Map();
    const rows = await em.find(BusinessEntity, { phone: { $in: [...phones] } });
    return new Map(
      rows.map((row) => [
        row.phone,
        {
          businessName: row.businessName,
          bankCode: row.bankName,
          branch: row.branch,
          accountNumber: row.accountNumber,
          beneficiaryName: row.beneficiaryName,
          idNumber: row.idNumber,
        },
      ]),
    );
  }

  /** Every account, closed ones included, newest first (then by phone); or only `phone`'s. */
  async accounts(phone?: string, em: EntityManager = this.database.em()): Promise<BusinessAccount[]> {
    const rows = await em.find(BusinessEntity, phone ? { phone } : {}, {
      orderBy: { createdAt: 'desc', phone: 'asc' },
    });
    return rows.map((row) => ({
      ...toSummary(row),
      fullName: row.fullName,
      email: row.email,
      createdAt: row.createdAt,
    }));
  }
}
