import { Migration20261121000000_read_models } from './Migration20261121000000_read_models.js';
import { Migration20261121000100_event_store } from './Migration20261121000100_event_store.js';
import { Migration20261121000200_menu_tags } from './Migration20261121000200_menu_tags.js';
import { Migration20261121000300_ordering } from './Migration20261121000300_ordering.js';
import { Migration20261121000400_commissions } from './Migration20261121000400_commissions.js';
import { Migration20261121000500_printing } from './Migration20261121000500_printing.js';
import { Migration20261121000800_parked_events_any_log } from './Migration20261121000800_parked_events_any_log.js';
import { Migration20261125000000_order_write_path } from './Migration20261125000000_order_write_path.js';
import { Migration20261125000100_orders_by_department } from './Migration20261125000100_orders_by_department.js';
import { Migration20261125000200_option_groups } from './Migration20261125000200_option_groups.js';
import { Migration20261126000000_diner_languages } from './Migration20261126000000_diner_languages.js';
import { Migration20261126000100_product_positions } from './Migration20261126000100_product_positions.js';
import { Migration20261126000300_sandbox_refunds } from './Migration20261126000300_sandbox_refunds.js';
import { Migration20261126000400_credit_documents } from './Migration20261126000400_credit_documents.js';
import { Migration20261126000500_menu_translations } from './Migration20261126000500_menu_translations.js';
import { Migration20261127000200_commission_refunds_and_platform_invoices } from './Migration20261127000200_commission_refunds_and_platform_invoices.js';
import { Migration20261127000300_business_address_and_secrets } from './Migration20261127000300_business_address_and_secrets.js';
import { Migration20261127000400_wallets_and_tips } from './Migration20261127000400_wallets_and_tips.js';
import { Migration20261127000600_opening_hours } from './Migration20261127000600_opening_hours.js';
import { Migration20261127000900_service_mode } from './Migration20261127000900_service_mode.js';
import { Migration20261128000100_auto_accept } from './Migration20261128000100_auto_accept.js';
import { Migration20261128000200_ready_sms_phones } from './Migration20261128000200_ready_sms_phones.js';
import { Migration20261128000300_first_run } from './Migration20261128000300_first_run.js';
import { Migration20261129000100_product_photo_names } from './Migration20261129000100_product_photo_names.js';
import { Migration20261130000100_sweep_indexes } from './Migration20261130000100_sweep_indexes.js';
import { Migration20261201000100_order_append_lean } from './Migration20261201000100_order_append_lean.js';
import { Migration20261202000300_session_step_up } from './Migration20261202000300_session_step_up.js';
import { Migration20261203000100_repeatable_sql } from './Migration20261203000100_repeatable_sql.js';
import { Migration20261203000200_order_read_columns } from './Migration20261203000200_order_read_columns.js';
import { Migration20261204000100_team_sessions } from './Migration20261204000100_team_sessions.js';
import { Migration20261204000200_team } from './Migration20261204000200_team.js';
import { Migration20261204000700_activity_log } from './Migration20261204000700_activity_log.js';
import { Migration20261205000100_tax_documents } from './Migration20261205000100_tax_documents.js';
import { Migration20261206000100_tax_authority_grants } from './Migration20261206000100_tax_authority_grants.js';
import { Migration20261206000200_tax_documents_allocation } from './Migration20261206000200_tax_documents_allocation.js';
import { Migration20261207000100_order_ahead } from './Migration20261207000100_order_ahead.js';
import { Migration20261206000300_platform_allocation_waits } from './Migration20261206000300_platform_allocation_waits.js';
import { Migration20261207000200_menu_addresses } from './Migration20261207000200_menu_addresses.js';
import { Migration20261207000210_order_sources } from './Migration20261207000210_order_sources.js';
import { Migration20261207000300_promo_codes } from './Migration20261207000300_promo_codes.js';
import { Migration20261207000400_numbers } from './Migration20261207000400_numbers.js';
import { Migration20261207000500_numbers_sources_promos } from './Migration20261207000500_numbers_sources_promos.js';
import { Migration20261207000600_tables } from './Migration20261207000600_tables.js';
import { Migration20261207000700_table_payments } from './Migration20261207000700_table_payments.js';
import { Migration20261207000800_order_payer_sessions } from './Migration20261207000800_order_payer_sessions.js';
import { Migration20261207000810_part_documents } from './Migration20261207000810_part_documents.js';
import { Migration20261207000900_pay_at_end } from './Migration20261207000900_pay_at_end.js';
import { Migration20261207001300_activity_kind_index } from './Migration20261207001300_activity_kind_index.js';
import { Migration20261207001500_live_refund_index } from './Migration20261207001500_live_refund_index.js';
import { Migration20261207001600_orders_paid_sums_index } from './Migration20261207001600_orders_paid_sums_index.js';
import { Migration20261207001700_activity_and_slip_keys } from './Migration20261207001700_activity_and_slip_keys.js';
import { Migration20261207001800_events_stream_index } from './Migration20261207001800_events_stream_index.js';
import { Migration20261207001900_events_occurred_at } from './Migration20261207001900_events_occurred_at.js';
import { Migration20261207002000_print_slips_queued_index } from './Migration20261207002000_print_slips_queued_index.js';

/**
 * Every migration, in order. An explicit list (not a folder glob) works the same from TypeScript sources in tests
 * and from the SWC build in production.
 */
export const migrationsList = [
  { name: 'Migration20261121000000_read_models', class: Migration20261121000000_read_models },
  { name: 'Migration20261121000100_event_store', class: Migration20261121000100_event_store },
  { name: 'Migration20261121000200_menu_tags', class: Migration20261121000200_menu_tags },
  { name: 'Migration20261121000300_ordering', class: Migration20261121000300_ordering },
  { name: 'Migration20261121000400_commissions', class: Migration20261121000400_commissions },
  { name: 'Migration20261121000500_printing', class: Migration20261121000500_printing },
  { name: 'Migration20261121000800_parked_events_any_log', class: Migration20261121000800_parked_events_any_log },
  { name: 'Migration20261125000000_order_write_path', class: Migration20261125000000_order_write_path },
  { name: 'Migration20261125000100_orders_by_department', class: Migration20261125000100_orders_by_department },
  { name: 'Migration20261125000200_option_groups', class: Migration20261125000200_option_groups },
  { name: 'Migration20261126000000_diner_languages', class: Migration20261126000000_diner_languages },
  { name: 'Migration20261126000100_product_positions', class: Migration20261126000100_product_positions },
  { name: 'Migration20261126000300_sandbox_refunds', class: Migration20261126000300_sandbox_refunds },
  { name: 'Migration20261126000400_credit_documents', class: Migration20261126000400_credit_documents },
  { name: 'Migration20261126000500_menu_translations', class: Migration20261126000500_menu_translations },
  {
    name: 'Migration20261127000200_commission_refunds_and_platform_invoices',
    class: Migration20261127000200_commission_refunds_and_platform_invoices,
  },
  {
    name: 'Migration20261127000300_business_address_and_secrets',
    class: Migration20261127000300_business_address_and_secrets,
  },
  { name: 'Migration20261127000400_wallets_and_tips', class: Migration20261127000400_wallets_and_tips },
  { name: 'Migration20261127000600_opening_hours', class: Migration20261127000600_opening_hours },
  { name: 'Migration20261127000900_service_mode', class: Migration20261127000900_service_mode },
  { name: 'Migration20261128000100_auto_accept', class: Migration20261128000100_auto_accept },
  { name: 'Migration20261128000200_ready_sms_phones', class: Migration20261128000200_ready_sms_phones },
  { name: 'Migration20261128000300_first_run', class: Migration20261128000300_first_run },
  { name: 'Migration20261129000100_product_photo_names', class: Migration20261129000100_product_photo_names },
  { name: 'Migration20261130000100_sweep_indexes', class: Migration20261130000100_sweep_indexes },
  { name: 'Migration20261201000100_order_append_lean', class: Migration20261201000100_order_append_lean },
  { name: 'Migration20261202000300_session_step_up', class: Migration20261202000300_session_step_up },
  { name: 'Migration20261203000100_repeatable_sql', class: Migration20261203000100_repeatable_sql },
  { name: 'Migration20261203000200_order_read_columns', class: Migration20261203000200_order_read_columns },
  { name: 'Migration20261204000100_team_sessions', class: Migration20261204000100_team_sessions },
  { name: 'Migration20261204000200_team', class: Migration20261204000200_team },
  { name: 'Migration20261204000700_activity_log', class: Migration20261204000700_activity_log },
  { name: 'Migration20261205000100_tax_documents', class: Migration20261205000100_tax_documents },
  { name: 'Migration20261206000100_tax_authority_grants', class: Migration20261206000100_tax_authority_grants },
  {
    name: 'Migration20261206000200_tax_documents_allocation',
    class: Migration20261206000200_tax_documents_allocation,
  },
  { name: 'Migration20261206000300_platform_allocation_waits', class: Migration20261206000300_platform_allocation_waits },
  { name: 'Migration20261207000100_order_ahead', class: Migration20261207000100_order_ahead },
  { name: 'Migration20261207000200_menu_addresses', class: Migration20261207000200_menu_addresses },
  { name: 'Migration20261207000210_order_sources', class: Migration20261207000210_order_sources },
  { name: 'Migration20261207000300_promo_codes', class: Migration20261207000300_promo_codes },
  { name: 'Migration20261207000400_numbers', class: Migration20261207000400_numbers },
  {
    name: 'Migration20261207000500_numbers_sources_promos',
    class: Migration20261207000500_numbers_sources_promos,
  },
  { name: 'Migration20261207000600_tables', class: Migration20261207000600_tables },
  { name: 'Migration20261207000700_table_payments', class: Migration20261207000700_table_payments },
  {
    name: 'Migration20261207000800_order_payer_sessions',
    class: Migration20261207000800_order_payer_sessions,
  },
  { name: 'Migration20261207000810_part_documents', class: Migration20261207000810_part_documents },
  { name: 'Migration20261207000900_pay_at_end', class: Migration20261207000900_pay_at_end },
  { name: 'Migration20261207001300_activity_kind_index', class: Migration20261207001300_activity_kind_index },
  { name: 'Migration20261207001500_live_refund_index', class: Migration20261207001500_live_refund_index },
  { name: 'Migration20261207001600_orders_paid_sums_index', class: Migration20261207001600_orders_paid_sums_index },
  { name: 'Migration20261207001700_activity_and_slip_keys', class: Migration20261207001700_activity_and_slip_keys },
  { name: 'Migration20261207001800_events_stream_index', class: Migration20261207001800_events_stream_index },
  { name: 'Migration20261207001900_events_occurred_at', class: Migration20261207001900_events_occurred_at },
  { name: 'Migration20261207002000_print_slips_queued_index', class: Migration20261207002000_print_slips_queued_index },
];
