import { defineEntity, p } from '@mikro-orm/core';

/** Read model of the `business-{phone}` streams; written only by the accounts projection. */
export const BusinessEntity = defineEntity({
  name: 'Business',
  tableName: 'businesses',
  properties: {
    phone: p.string().length(16).primary(),
    fullName: p.string().length(200),
    businessName: p.string().length(200),
    email: p.string().length(254).unique('businesses_email_unique'),
    idNumber: p.string().length(9),
    bankName: p.string().length(100),
    branch: p.string().length(3),
    accountNumber: p.string().length(9),
    beneficiaryName: p.string().length(200),
    receiptPhone: p.string().length(16).nullable(),
    /** The address on tax documents (issue 17); null until a business registered before it gives one. */
    street: p.string().length(100).nullable(),
    city: p.string().length(100).nullable(),
    logo: p.string().length(255).nullable(),
    /** The languages offered to diners besides Hebrew; null: never chosen, all offered (decision 023). */
    dinerLanguages: p.json<string[]>().nullable(),
    /** `table` or `pickup` (issue 18); null: never chosen, table service. */
    serviceMode: p.string().length(10).nullable(),
    /**
     * Automatic acceptance of new orders (decision 032), `{ enabled, readyInMinutes, since }` (since: when it was last
     * chosen; only orders paid from then on are accepted by it); null: never chosen, off.
     */
    autoAccept: p.json<{ enabled: boolean; readyInMinutes: number | null; since: string }>().nullable(),
    orderAhead: p.json<Record<string, unknown>>().nullable(),
    /** Opening hours, Shabbat and holidays (decision 028); null: never set, open at every hour. */
    openingHours: p.json<Record<string, unknown>>().nullable(),
    /** The console's pause of new orders, `{ until }` (null until: until resumed); null: none. */
    orderingPause: p.json<Record<string, unknown>>().nullable(),
    /** The tip, Bit and Google Pay the checkout offers (issue 17); null: never chosen, all off. */
    paymentOptions: p.json<{ tipsEnabled: boolean; bitEnabled: boolean; googlePayEnabled: boolean }>().nullable(),
    /** The readable menu address (issue 33, `/menu/{menuAddress}`); null: only the random one. */
    menuAddress: p.string().length(40).nullable(),
    /** The owner's line for link previews (issue 33); null: the first categories' names. */
    shareLine: p.string().length(200).nullable(),
    qrCode: p.string().length(255).nullable(),
    departmentId: p.string().length(64).unique('businesses_department_id_unique'),
    isActive: p.boolean().default(true),
    closedAt: p.datetime().columnType('timestamptz').nullable(),
    cardcomEnabled: p.boolean().default(false),
    cardcomTerminalNumber: p.string().length(20).nullable(),
    cardcomApiName: p.string().length(100).nullable(),
    /** Whether `business_secrets` holds the terminal's encrypted ApiPassword (never the password itself). */
    cardcomApiPasswordSet: p.boolean().default(false),
    streamVersion: p.integer().default(0),
    createdAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
  },
});
export type Business = InstanceType<typeof BusinessEntity.class>;
