// Issue 34, the shared table: one cart for everyone at a table, reached by the table poster's address with the
// table's secret (`/menu/{departmentId}?table=4&key=…`). Plain constants and types without a schema library: the
// diner's page imports them and its first bundle carries no zod (the schemas are in http/tables.schemas.ts).

/** A table's secret as the poster carries it: 16 characters of base64url (96 bits of an HMAC), never guessable. */
export const TABLE_KEY_LENGTH = 16;
export const TABLE_KEY = /^[A-Za-z0-9_-]{16}$/;

export const TABLE_LIMITS = {
  /** Table numbers are whole numbers from 1 to 999, at most 200 tables per café. */
  numberMax: 999,
  tablesMax: 200,
  /** A shared cart nobody touched for this long ends by itself (the owner's setting, minutes). */
  idleMinutes: { min: 10, max: 480, default: 90 },
  /** A share left unpaid this long after the first payment is told to the table and the owner (minutes). */
  unpaidShareMinutes: { min: 2, max: 120, default: 15 },
  /** A diner's name at the table: shown beside their lines, no account. */
  dinerNameMax: 30,
  /** The table's notes for the kitchen (anyone may write them). */
  notesMax: 500,
  /** Lines in one table's cart. */
  linesMax: 200,
  /**
   * Pay at the end (part 3): the amount held on a diner's card when the table's tab opens, in whole shekels. The tab's
   * rounds may come to at most this much, so the held card always covers what is left.
   */
  holdShekels: { min: 50, max: 5000, default: 300 },
  /** A tab nobody sent a round to or paid toward for this long is closed: the held card pays what is left (minutes). */
  tabIdleMinutes: { min: 30, max: 720, default: 180 },
} as const;

/** The colours a diner picks at a shared table (by name: each front end draws them with its own contrast-checked hue). */
export const TABLE_DINER_COLOURS = ['teal', 'orange', 'purple', 'pink', 'blue', 'green', 'brown', 'grey'] as const;
export type TableDinerColour = (typeof TABLE_DINER_COLOURS)[number];

/** Socket.io: the diner's page at a shared table joins its table's room with the poster's secret. */
export const TABLE_SOCKET = {
  /** Handshake `auth: { departmentId, table, key }`; a wrong secret or an unknown table is disconnected. */
  namespace: '/table',
  /**
   * Server -> diners at the table: the whole state after every change (small; the newest `version` wins), as a
   * `TableSocketState`: the same as `TableState` without `you`, since one broadcast reaches every diner of the room (on
   * every server instance); each page knows its own `you` from its `GET`. Sent once at connection too. A state with
   * another `cartId` replaces the cart whatever its version: the old one ended (paid, or idle) and the table's next
   * party starts on this fresh one. A payment (a page opened, paid or declined) and the unpaid-share notice grow the
   * version too (`cart.version`).
   */
  state: 'table.state',
} as const;

/** A diner at the table as the others see them: never their session, only a stable id made from it. */
export interface TableDiner {
  /** Stable for one diner's browser session at this table; the `dinerId` of `you` says which one is the reader. */
  dinerId: string;
  name: string;
  colour: TableDinerColour;
}

/** One line of the shared cart, priced by the server from the menu when it was added or changed. */
export interface TableCartLine {
  /** Chosen by the diner's page (a UUID): adding the same line twice (a retry) adds it once. */
  lineId: string;
  dinerId: string;
  productId: number;
  /** The product's Hebrew name, and the option names, as the menu had them. */
  name: string;
  quantity: number;
  /** Chosen option ids (absent: none) and their names for the cart's display. */
  options?: string[];
  optionNames?: string[];
  unitPriceAgorot: number;
  lineTotalAgorot: number;
  addedAt: string;
  /**
   * Pay at the end (part 3): the round that sent this line to the kitchen (1, 2…). Absent: not sent yet (or the café
   * does not have pay at the end). A sent line is neither changed nor removed: the kitchen has it.
   */
  round?: number;
}

/** A round the table sent to the kitchen on its tab: an order of its own, made at once and paid at the end. */
export interface TableTabRound {
  round: number;
  orderId: string;
  orderNumber: number;
  /** Who sent it, and what its lines come to. */
  dinerId: string;
  totalAgorot: number;
  sentAt: string;
}

/**
 * Pay at the end (issue 34, part 3; present on the table's state only when the café has it on). The table's first
 * round asks a diner to hold `holdAgorot` on their card (`POST …/tab`, a payment page that charges nothing); while it
 * is held, every round (`POST …/rounds`) goes to the kitchen at once, as long as the rounds come to at most the hold.
 * At the end the table pays with the same split as any shared table (create-payment with `table` and `split`, the
 * items being the sent lines); the diner whose card is held may charge it for what is left (`POST …/tab/charge`), and
 * a tab left idle for the café's `tabIdleMinutes` is charged so by itself. The rest of the hold lapses at the issuer.
 */
export interface TableTab {
  /** `none`: no card held (the first round asks for one); `holding`: a diner's hold page is open; `open`: held. */
  status: 'none' | 'holding' | 'open';
  /** The café's hold: the most the tab's rounds may come to. */
  holdAgorot: number;
  /** The diner whose card is held, or whose hold page is open (null: none). */
  holder: TableDiner | null;
  /** The held card as the payment page reported it (no token, ever); null until held. */
  card: { last4: string | null; brand: string | null } | null;
  rounds: TableTabRound[];
  /** What the sent rounds come to (the bill at the end). */
  sentAgorot: number;
  /** When the held card will be charged for what is left if nothing happens before (null: nothing sent yet). */
  closesAt: string | null;
}

/**
 * A payment toward the table's order (issue 34, part 2): one per payer's part, each with its own document. The table's
 * `payments` lists the paying order's parts that are `pending` (a page open, its items held from the rest) or `paid`,
 * in the order they were opened; a declined (`failed`) page and a page its payer replaced by another are left out:
 * their share is open again. `partId` and `itemsAgorot` were added with the table's payments (always sent).
 */
export interface TablePayment {
  /** The part of the order this payment pays (its page). */
  partId?: string;
  dinerId: string | null;
  name: string | null;
  colour: TableDinerColour | null;
  /** The part of the order's items it pays (what `leftAgorot` counts). */
  itemsAgorot?: number;
  /** What the payer's page charges: their items and their own tip. */
  amountAgorot: number;
  tipAgorot: number;
  status: 'pending' | 'paid' | 'failed';
  paidAt: string | null;
}

/**
 * `GET /api/tables/{departmentId}/{table}?key=` and the socket's `table.state`. `cart.status`: `open` takes lines;
 * `paying` is checked out into `orderId` and waits for its payments (no new lines); a cart that was paid or idle is
 * never answered again: the table's next reader gets a fresh `open` cart with a new `cartId`.
 */
export interface TableState {
  number: number;
  shared: true;
  /** The reader themself (created on first read; their name and colour may be changed). */
  you: TableDiner;
  cart: {
    cartId: string;
    /**
     * Grows with each change: a client keeps the state with the highest version. While paying it also grows with the
     * order's payments and once a share is overdue (so it is not the cart stream's own version then).
     */
    version: number;
    status: 'open' | 'paying';
    lines: TableCartLine[];
    notes: string | null;
    diners: TableDiner[];
    totalAgorot: number;
    orderId: string | null;
    orderNumber: number | null;
    updatedAt: string;
    /**
     * A share left unpaid (issue 34): the time of the order's first paid part, once the café's `unpaidShareMinutes`
     * have passed since it and the paid parts do not yet cover the bill; null otherwise (absent from older servers).
     * Decided when the state is read; the server pushes the table's state once at the moment it turns overdue.
     */
    unpaidSince?: string | null;
  };
  payments: TablePayment[];
  /**
   * What is left to pay of the checked-out order: the cart's total less the items of its paid and pending parts, never
   * below 0 (0 while open).
   */
  leftAgorot: number;
  /** Pay at the end (part 3): present only when the café has it on. */
  tab?: TableTab;
}

/** `TABLE_SOCKET.state`'s payload: the table's state for everyone at it, without the reader's own `you`. */
export type TableSocketState = Omit<TableState, 'you'>;

/** The table's address on its poster (the same shape the owner's `GET /api/tables` answers as `url`). */
export function tableMenuUrl(origin: string, departmentId: string, table: number, key: string): string {
  const base = `${origin.replace(/\/+$/, '')}/menu/${encodeURIComponent(departmentId)}`;
  return `${base}?table=${table}&key=${encodeURIComponent(key)}`;
}

/** The split modes of create-payment at a shared table (issue 34). */
export const SPLIT_MODES = ['all', 'mine', 'equal', 'amount'] as const;
export type SplitMode = (typeof SPLIT_MODES)[number];
