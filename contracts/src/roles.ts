// Who in a café's team may do what (issue 31): the one role matrix. The backend's guard refuses a route whose
// permission the caller's role lacks; the consoles hide what a role cannot do. `docs/ARCHITECTURE.md` shows this table,
// and a test keeps the two equal.

/** `owner` is the business's own phone; the others are people it invited, and paired screens (always `kitchen`). */
export const ROLES = ['owner', 'manager', 'kitchen', 'accountant'] as const;
export type Role = (typeof ROLES)[number];

/** What an invitation may offer: every role but the owner's. */
export const INVITABLE_ROLES = ['manager', 'kitchen', 'accountant'] as const;
export type InvitableRole = (typeof INVITABLE_ROLES)[number];

/**
 * Every route behind the owner's guard declares exactly one of these. A permission names a job, not a screen: the
 * kitchen reads the menu to mark things sold out, but only a manager edits it.
 */
export const PERMISSIONS = [
  /** The menu as the console reads it: categories, products, option groups, translations. */
  'menu.read',
  /** Every change to the menu but availability. */
  'menu.edit',
  /** Sold out for today, and back. */
  'menu.availability',
  /** The live orders and the kitchen screen: accept, ready, served, decline, reprint; the live socket. */
  'orders.live',
  /** Whether the kitchen printer is connected and printing. */
  'printer.status',
  /** Pairing the printing agent, its settings, a test print. */
  'printer.manage',
  /** Refunds and their credit documents. */
  'refunds',
  /** Reports, the month's orders and exports, tax documents, the platform's invoices to the business. */
  'reports.read',
  /** Ordering settings: languages, service mode, automatic acceptance, hours, payments. */
  'settings.read',
  /** Changing them, pausing orders, the logo, the first-run guide, a test order. */
  'settings.edit',
  /** The business's own details: the profile (ID number, bank account), the invoice address, the Cardcom password,
   *  the menu's address (every printed QR code), the step-up code before those. */
  'business.owner',
  /** The team, its invitations and roles, and every sign-in of the business (people, screens, the owner's). */
  'team.manage',
  /** A pairing code for a kitchen screen. */
  'screens.pair',
  /** What anyone signed in does to their own sign-in: switch business, their own PIN. */
  'self',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const KITCHEN: readonly Permission[] = ['menu.read', 'menu.availability', 'orders.live', 'printer.status', 'self'];
const ACCOUNTANT: readonly Permission[] = ['reports.read', 'self'];
const MANAGER: readonly Permission[] = [
  'menu.read',
  'menu.edit',
  'menu.availability',
  'orders.live',
  'printer.status',
  'printer.manage',
  'refunds',
  'reports.read',
  'settings.read',
  'settings.edit',
  'screens.pair',
  'self',
];

/** The matrix. The owner holds every permission. */
export const ROLE_PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = {
  owner: PERMISSIONS,
  manager: MANAGER,
  kitchen: KITCHEN,
  accountant: ACCOUNTANT,
};

export function roleMay(role: Role, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Where each role lands after signing in (the specification sends the owner to the reports; decision 043). */
export const ROLE_HOME: Readonly<Record<Role, '/reports' | '/orders'>> = {
  owner: '/reports',
  manager: '/reports',
  kitchen: '/orders',
  accountant: '/reports',
};

export const roleNamesHe: Readonly<Record<Role, string>> = {
  owner: 'בעלים',
  manager: 'מנהל/ת',
  kitchen: 'מטבח',
  accountant: 'הנהלת חשבונות',
};
