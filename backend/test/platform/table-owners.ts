// Who owns each table (issue 30, item 1). A table is named in SQL only by its owner: another module reads it through
// the owner's published reader, and the event log's tables are read only by the event store and the processors'
// runner (`platform`). table-owners.spec.ts checks that every table a migration creates is listed here once, and that
// no module's SQL names a table it does not own.

export type Owner =
  | 'accounts'
  | 'admin'
  | 'bookkeeping'
  | 'commissions'
  | 'contact'
  | 'invoicing'
  | 'menu'
  | 'onboarding'
  | 'ordering'
  | 'payments'
  | 'printing'
  | 'reports'
  | 'promotions'
  | 'tables'
  | 'team'
  | 'terms'
  | 'platform';

/** Every table and sequence the migrations create, by owner. */
export const TABLE_OWNERS: Readonly<Record<string, Owner>> = {
  // The event log and the processors' bookkeeping.
  events: 'platform',
  processor_checkpoints: 'platform',
  parked_events: 'platform',
  // The checksums of the modules' repeatable SQL (decision 039), kept by platform/database's start-up step.
  repeatable_sql: 'platform',

  businesses: 'accounts',
  menu_addresses: 'accounts',
  business_secrets: 'accounts',
  otp_codes: 'accounts',
  user_sessions: 'accounts',

  admin_users: 'admin',

  // The tax documents the accountant's exports read (issue 32).
  tax_documents: 'bookkeeping',

  monthly_commissions: 'commissions',
  commission_orders: 'commissions',
  commission_refunds: 'commissions',
  platform_documents: 'commissions',
  platform_allocation_waits: 'commissions',
  platform_document_sequences: 'commissions',

  contact_submissions: 'contact',

  // Each seller's sealed grant at the Tax Authority, and the states of connects in progress (decision 047).
  tax_authority_grants: 'invoicing',
  tax_authority_connect_states: 'invoicing',

  categories: 'menu',
  products: 'menu',
  product_photo_names: 'menu',
  option_groups: 'menu',
  group_options: 'menu',
  product_option_groups: 'menu',
  menu_translations: 'menu',

  setup_progress: 'onboarding',

  orders: 'ordering',
  // Created by the first ordering migration and dropped by the order write path's (per-business sequences since).
  order_number_sequences: 'ordering',
  order_requests: 'ordering',
  invoice_sequences: 'ordering',
  credit_sequences: 'ordering',
  payment_pages: 'ordering',
  effect_keys: 'ordering',
  ready_sms_phones: 'ordering',
  // A promo code's uses, counted with the order in order_append (issue 33, decision 052).
  promo_code_counters: 'ordering',
  promo_code_uses: 'ordering',
  // A table tab's card hold (issue 34, part 3, decision 058): its sealed token and its charge, kept by ordering.
  tab_holds: 'ordering',

  promo_codes: 'promotions',

  // The shared table (issue 34, decision 055).
  business_tables: 'tables',
  table_carts: 'tables',
  // Each payer's part of a shared table's order, from the order log's part events (issue 34, part 2).
  table_payments: 'tables',
  // Order ahead (issue 33, decision 050): each slot's capacity and places taken, moved by order_append.
  pickup_slots: 'ordering',

  sandbox_payments: 'payments',
  sandbox_refunds: 'payments',

  printer_connections: 'printing',
  printer_pairing_codes: 'printing',
  printer_settings: 'printing',
  print_slips: 'printing',
  live_events: 'printing',

  // The owner's numbers page (issue 33, decision 053), written by the reports module's `numbers` projection.
  numbers_orders: 'reports',
  numbers_hours: 'reports',
  numbers_items: 'reports',
  numbers_refunds: 'reports',
  numbers_sources: 'reports',
  numbers_promos: 'reports',

  system_settings: 'terms',

  team_members: 'team',
  team_settings: 'team',
  staff_pins: 'team',
  screen_pairing_codes: 'team',
  pin_grants: 'team',
  // Who did what (issue 31): the owner's activity page, written by the team's `team-activity` processor.
  activity_log: 'team',
};

/** SQL functions the migrations define: calling one is naming its owner's tables. */
export const FUNCTION_OWNERS: Readonly<Record<string, Owner>> = {
  order_append: 'ordering',
  next_order_number: 'ordering',
  order_number_sequence_name: 'ordering',
  events_refuse_change: 'platform',
};
