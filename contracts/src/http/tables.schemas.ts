// Issue 34, the shared table. The owner's routes: `GET /api/tables` (each table with its poster's `url`),
// `GET`/`PUT /api/business/tables` (the settings), `POST /api/business/tables/renew-keys` (new secrets: every poster
// printed before keeps ordering alone). The diner's routes, each with the poster's `?key=`:
// `GET /api/tables/{departmentId}/{table}` (the `TableState`), `PUT …/me` (name and colour),
// `POST …/lines`, `PATCH …/lines/{lineId}`, `DELETE …/lines/{lineId}`, `PUT …/notes`; each answers the new state.
import { z } from 'zod';
import '../zod-he.js';
import { TABLE_DINER_COLOURS, TABLE_KEY, TABLE_LIMITS, SPLIT_MODES } from '../tables.js';
import { dinerLanguages } from '../languages.js';
import { withoutDirectionControls } from '../text.js';
import { isOptionId, MENU_LIMITS } from './menu.schemas.js';
import { ORDER_LIMITS } from './order-limits.js';

export const tablesMessagesHe = {
  numbersInvalid: `מספרי השולחנות הם מספרים שלמים מ־1 עד ${TABLE_LIMITS.numberMax}, כל מספר פעם אחת`,
  tooManyTables: `עד ${TABLE_LIMITS.tablesMax} שולחנות`,
  noTables: 'כדי להפעיל שולחן משותף יש להגדיר לפחות שולחן אחד',
  idleInvalid: `זמן הסגירה של עגלה לא פעילה הוא ${TABLE_LIMITS.idleMinutes.min} עד ${TABLE_LIMITS.idleMinutes.max} דקות`,
  unpaidInvalid: `זמן ההמתנה לחלק שלא שולם הוא ${TABLE_LIMITS.unpaidShareMinutes.min} עד ${TABLE_LIMITS.unpaidShareMinutes.max} דקות`,
  tableInvalid: 'מספר השולחן אינו תקין',
  keyInvalid: 'הקוד של השולחן אינו תקין. סרקו שוב את הקוד שעל השולחן',
  nameInvalid: `השם הוא 1 עד ${TABLE_LIMITS.dinerNameMax} תווים`,
  colourInvalid: 'הצבע אינו מוכר',
  lineIdInvalid: 'מזהה השורה אינו תקין',
  notesTooLong: `ההערות יכולות להכיל עד ${TABLE_LIMITS.notesMax} תווים`,
  splitInvalid: 'אופן חלוקת החשבון אינו תקין',
  sharesInvalid: 'מספר החלקים הוא מספר שלם מ־2 עד 50',
  splitAmountInvalid: 'הסכום לתשלום אינו תקין',
  holdInvalid: `סכום המסגרת באשראי הוא ${TABLE_LIMITS.holdShekels.min} עד ${TABLE_LIMITS.holdShekels.max} ש״ח, בשקלים שלמים`,
  tabIdleInvalid: `זמן הסגירה של חשבון פתוח הוא ${TABLE_LIMITS.tabIdleMinutes.min} עד ${TABLE_LIMITS.tabIdleMinutes.max} דקות`,
} as const;

export const tableNumberSchema = z.coerce
  .number({ message: tablesMessagesHe.tableInvalid })
  .int(tablesMessagesHe.tableInvalid)
  .min(1, tablesMessagesHe.tableInvalid)
  .max(TABLE_LIMITS.numberMax, tablesMessagesHe.tableInvalid);

export const tableKeySchema = z
  .string({ message: tablesMessagesHe.keyInvalid })
  .regex(TABLE_KEY, tablesMessagesHe.keyInvalid);

/** `{departmentId}/{table}` and `?key=` of every diner route (the key is checked in constant time by the server). */
export const tableParamsSchema = z.object({
  departmentId: z.string().trim().min(1).max(64),
  table: tableNumberSchema,
});
export const tableKeyQuerySchema = z.object({ key: tableKeySchema }).strip();

/** `PUT /api/business/tables`, and what `GET` answers (with `keysRenewedAt`). */
export const businessTablesSchema = z
  .object({
    /** On: each table's poster carries its secret and the table shares one cart. Off: every phone orders alone. */
    shared: z.boolean(),
    numbers: z
      .array(tableNumberSchema, { message: tablesMessagesHe.numbersInvalid })
      .max(TABLE_LIMITS.tablesMax, tablesMessagesHe.tooManyTables)
      .refine((numbers) => new Set(numbers).size === numbers.length, tablesMessagesHe.numbersInvalid)
      .transform((numbers) => [...numbers].sort((a, b) => a - b)),
    idleMinutes: z
      .number({ message: tablesMessagesHe.idleInvalid })
      .int(tablesMessagesHe.idleInvalid)
      .min(TABLE_LIMITS.idleMinutes.min, tablesMessagesHe.idleInvalid)
      .max(TABLE_LIMITS.idleMinutes.max, tablesMessagesHe.idleInvalid),
    unpaidShareMinutes: z
      .number({ message: tablesMessagesHe.unpaidInvalid })
      .int(tablesMessagesHe.unpaidInvalid)
      .min(TABLE_LIMITS.unpaidShareMinutes.min, tablesMessagesHe.unpaidInvalid)
      .max(TABLE_LIMITS.unpaidShareMinutes.max, tablesMessagesHe.unpaidInvalid),
    /**
     * Pay at the end (issue 34, part 3; off by default): rounds go to the kitchen as they are sent and the table pays
     * at the end, a diner's card holding `holdShekels` from the first round. Absent (an older page): off, with the
     * defaults below.
     */
    payAtEnd: z.boolean().default(false),
    holdShekels: z
      .number({ message: tablesMessagesHe.holdInvalid })
      .int(tablesMessagesHe.holdInvalid)
      .min(TABLE_LIMITS.holdShekels.min, tablesMessagesHe.holdInvalid)
      .max(TABLE_LIMITS.holdShekels.max, tablesMessagesHe.holdInvalid)
      .default(TABLE_LIMITS.holdShekels.default),
    tabIdleMinutes: z
      .number({ message: tablesMessagesHe.tabIdleInvalid })
      .int(tablesMessagesHe.tabIdleInvalid)
      .min(TABLE_LIMITS.tabIdleMinutes.min, tablesMessagesHe.tabIdleInvalid)
      .max(TABLE_LIMITS.tabIdleMinutes.max, tablesMessagesHe.tabIdleInvalid)
      .default(TABLE_LIMITS.tabIdleMinutes.default),
  })
  .strict()
  .refine((tables) => !tables.shared || tables.numbers.length > 0, {
    path: ['numbers'],
    message: tablesMessagesHe.noTables,
  });
export type BusinessTablesInput = z.output<typeof businessTablesSchema>;
export interface BusinessTablesAnswer extends BusinessTablesInput {
  /** When the secrets were last renewed (null: never); posters printed before then order alone. */
  keysRenewedAt: string | null;
}

/** `GET /api/tables`: the owner's tables with their posters' addresses (`url` carries the secret when shared). */
export interface OwnerTablesAnswer {
  shared: boolean;
  tables: { number: number; url: string }[];
}

const dinerName = z
  .string({ message: tablesMessagesHe.nameInvalid })
  .overwrite(withoutDirectionControls)
  .trim()
  .min(1, tablesMessagesHe.nameInvalid)
  .max(TABLE_LIMITS.dinerNameMax, tablesMessagesHe.nameInvalid);

/** `PUT /api/tables/{departmentId}/{table}/me`: the reader's name and colour at the table. */
export const tableDinerSchema = z
  .object({ name: dinerName, colour: z.enum(TABLE_DINER_COLOURS, { message: tablesMessagesHe.colourInvalid }) })
  .strict();
export type TableDinerInput = z.output<typeof tableDinerSchema>;

const optionIds = z
  .array(z.string())
  .max(MENU_LIMITS.optionsPerGroupMax * MENU_LIMITS.groupsPerProductMax)
  .refine((ids) => ids.every((id) => isOptionId(id)) && new Set(ids).size === ids.length)
  .optional();
const quantity = z.number().int().min(1).max(ORDER_LIMITS.quantityMax);

/** `POST …/lines`: `lineId` is the page's own UUID, so a retried add adds once. */
export const tableLineAddSchema = z
  .object({
    lineId: z.uuid({ message: tablesMessagesHe.lineIdInvalid }),
    productId: z.number().int().min(1).max(2_147_483_647),
    quantity,
    options: optionIds,
  })
  .strict();
export type TableLineAddInput = z.output<typeof tableLineAddSchema>;

/** `PATCH …/lines/{lineId}`: only the diner who added the line may change it. */
export const tableLineChangeSchema = z.object({ quantity, options: optionIds }).strict();
export type TableLineChangeInput = z.output<typeof tableLineChangeSchema>;
export const tableLineParamsSchema = tableParamsSchema.extend({
  lineId: z.uuid({ message: tablesMessagesHe.lineIdInvalid }),
});

/** `PUT …/notes`: anyone at the table may write the notes for the kitchen (null or blank: none). */
export const tableNotesSchema = z
  .object({
    notes: z
      .string({ message: tablesMessagesHe.notesTooLong })
      .overwrite(withoutDirectionControls)
      .max(TABLE_LIMITS.notesMax, tablesMessagesHe.notesTooLong)
      .nullish()
      .transform((text) => text?.trim() || null),
  })
  .strict();

/** `POST /api/tables/{departmentId}/{table}/tab?key=`: open the hold page in the diner's language. */
export const tableTabHoldSchema = z.object({ language: z.enum(dinerLanguages).default('he') }).strict();
export type TableTabHoldInput = z.output<typeof tableTabHoldSchema>;
/** Its answer: the hold page's address (shown in the same frame as a payment page). */
export interface TableTabHoldAnswer {
  paymentUrl: string;
}

/**
 * `POST …/rounds?key=`: send every line not sent yet to the kitchen as the next round; `version` is the cart as the
 * phone showed it (a cart changed since is refused with `table.cart_changed`, so nobody sends what they did not see).
 * Answers the table's state.
 */
export const tableRoundSchema = z.object({ version: z.number().int().min(0) }).strict();
/** `POST …/tab/charge?key=` (the diner whose card is held): charge it for what is left. Answers the table's state. */
export const tableTabChargeSchema = z.object({}).strict();

/** create-payment's `table` (issue 34): the table and its secret as the poster carried them. */
export const paymentTableSchema = z.object({ number: tableNumberSchema, key: tableKeySchema }).strict();

/**
 * create-payment's `split`: `all` the whole order (or what is left of it), `mine` the payer's own lines, `equal` one
 * of `shares` equal parts, `amount` a chosen amount in shekels (at most what is left).
 */
export const paymentSplitSchema = z
  .object({
    mode: z.enum(SPLIT_MODES, { message: tablesMessagesHe.splitInvalid }),
    shares: z
      .number({ message: tablesMessagesHe.sharesInvalid })
      .int(tablesMessagesHe.sharesInvalid)
      .min(2, tablesMessagesHe.sharesInvalid)
      .max(50, tablesMessagesHe.sharesInvalid)
      .optional(),
    amount: z
      .number({ message: tablesMessagesHe.splitAmountInvalid })
      .positive(tablesMessagesHe.splitAmountInvalid)
      .max(100_000, tablesMessagesHe.splitAmountInvalid)
      .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, tablesMessagesHe.splitAmountInvalid)
      .optional(),
  })
  .strict()
  .refine((split) => split.mode !== 'equal' || split.shares !== undefined, {
    path: ['shares'],
    message: tablesMessagesHe.sharesInvalid,
  })
  .refine((split) => split.mode !== 'amount' || split.amount !== undefined, {
    path: ['amount'],
    message: tablesMessagesHe.splitAmountInvalid,
  });
export type PaymentSplit = z.output<typeof paymentSplitSchema>;

/** One payer of a table waiting for payment, as the owner's console shows them (no session, no card). */
export const ownerWaitingPayerSchema = z.object({
  /** The payer's name at the table (null: they never named themself). */
  name: z.string().nullable(),
  colour: z.enum(TABLE_DINER_COLOURS).nullable(),
  /** What their page charges (their items and their tip), and the items alone. */
  amountAgorot: z.number().int(),
  itemsAgorot: z.number().int(),
  /** `pending`: their page is open; `paid`: charged. Declined and replaced pages are left out. */
  status: z.enum(['pending', 'paid']),
  paidAt: z.string().nullable(),
});
export type OwnerWaitingPayer = z.output<typeof ownerWaitingPayerSchema>;

/** A shared table whose order waits for its payments (issue 34): nothing of it has reached the kitchen. */
export const ownerWaitingTableSchema = z.object({
  number: z.number().int(),
  orderId: z.string(),
  orderNumber: z.number().int().nullable(),
  /** The order's items (the table's cart), what its paid parts paid, and what is neither paid nor held by a page. */
  totalAgorot: z.number().int(),
  paidAgorot: z.number().int(),
  leftAgorot: z.number().int(),
  payers: z.array(ownerWaitingPayerSchema),
  /** When the table began paying (its first page, or its checkout). */
  since: z.string(),
  /** Past the café's `unpaidShareMinutes` since the first paid part, and still not fully paid. */
  overdue: z.boolean(),
  /** The first paid part's time when overdue, else null. */
  unpaidSince: z.string().nullable(),
});
export type OwnerWaitingTable = z.output<typeof ownerWaitingTableSchema>;

/**
 * `GET /api/tables/waiting` (the live console's permission `orders.live`): the café's shared tables waiting for
 * payment, the oldest first. Overdue is decided when the list is read: the console reads it again with its live
 * updates, and every 15 s while any table is waiting.
 */
export const ownerWaitingTablesAnswerSchema = z.object({
  unpaidShareMinutes: z.number().int(),
  tables: z.array(ownerWaitingTableSchema),
});
export type OwnerWaitingTablesAnswer = z.output<typeof ownerWaitingTablesAnswerSchema>;
