-- The order's write path (decision 015, decision 039): what the order decider decided, stored in one statement of
-- the caller (OrderStore, order-store.ts), one round trip and one transaction per command. It decides nothing: every
-- value comes from the decider (the events, the state, the row `orderRowOf` makes of it); it only takes numbers.
--
-- This file is the function's one text. It is not a migration: the start-up step of platform/database
-- (repeatable-sql.ts) applies it again whenever its checksum differs from the one recorded in `repeatable_sql`, after
-- the migrations ran. Change the function here, never in a migration (migrations 20261125000000, 20261126000400 and
-- 20261201000100 hold its earlier texts and stay as they ran).
--
-- In order:
-- - The stream's lock (decision 071): every append to a stream of the log takes it first and holds it to the commit,
--   this function and the event store's own insert alike, so no two writers give one stream the same version.
-- - A new order with the checkout's idempotency key: the same diner's same cart within 30 minutes is the same
--   checkout; an earlier one's id is answered and nothing is written.
-- - The invoice number (InvoiceIssued, or InvoiceAwaitingAllocation reserving it) and the credit number (CreditIssued
--   of ours) are taken from the business's gapless sequence rows before the order's row, and held to the commit:
--   every numbering append takes its sequence row first, so no two appends wait on each other in opposite orders. A
--   rolled-back append gives its number back.
-- - The `orders` row: inserted (version 0) or updated with the version check in the update itself; another writer
--   that moved the order first makes it fail with SQLSTATE TF409 (OrderStore decides again on fresh state).
-- - An order for a pickup slot (issue 33, decision 050): its place is taken from the slot's row (`pickup_slots`,
--   made with the slot's capacity by the checkout just before) by one conditional update, `taken < capacity`, before
--   the order's row: two diners racing for the last place wait on that row and the second finds it full (SQLSTATE
--   TF412, nothing stored). An expiring unpaid order gives its place back.
-- - The payment page's row, an effect's completion (the receipt SMS), then the events, the numbers set in them. The
--   events come as the log keeps them (decisions 066 and 067), each with its schema version beside it.
--
-- The `orders` columns it updates are every column of the row but the ones fixed at placing (id, business, number,
-- dates); the amounts change once, when a shared bill paid in parts adds its payers' tips (decision 056). A column
-- added to `orderRowOf` is added to the update below in the same change.
create or replace function order_append(
  p_order_id uuid,
  p_expected integer,
  p_events jsonb,
  p_state jsonb,
  p_row jsonb,
  p_request_key text,
  p_invoice_business text,
  p_complete_effect text
) returns table (
  existing_order_id uuid,
  stream_version integer,
  global_position text,
  transaction_id text,
  recorded_at text,
  invoice_number text
)
  language plpgsql as $$
#variable_conflict use_column
declare
  v_row orders;
  v_state jsonb := p_state;
  v_invoice integer;
  v_invoice_in_row boolean := true;
  v_part text;
  v_part_index text;
  v_credit integer;
  v_existing uuid;
  v_promo jsonb;
  v_uses integer;
begin
  -- The stream's lock, before any row: two appends to one order queue here; appends to two orders never wait on
  -- each other for it, and take the business's rows (sequences, slots) after it in the same order.
  perform pg_advisory_xact_lock(hashtextextended('events:order-' || p_order_id, 0));

  if p_expected = 0 and p_request_key is not null then
    -- The same diner's same cart within 30 minutes is the same checkout: a double click waits here for the
    -- first one's commit (the key's row), then finds its order, unless that order was paid or expired since.
    insert into order_requests (request_key, order_id, created_at) values (p_request_key, p_order_id, now())
      on conflict (request_key) do nothing;
    if not found then
      select o.id into v_existing from order_requests r join orders o on o.id = r.order_id
        where r.request_key = p_request_key and r.created_at > now() - interval '30 minutes'
          and o.status = 'pending' and o.payment_status <> 'paid';
      if found then
        return query select v_existing, null::integer, null::text, null::text, null::text, null::text;
        return;
      end if;
      update order_requests set order_id = p_order_id, created_at = now() where request_key = p_request_key;
    end if;
  end if;

  if p_expected = 0 and p_row ? 'promo_use' then
    -- A promo code's use (issue 33, decision 052), taken with the order or not at all. The counter's row is raised only
    -- while under the limit: a second diner at the same moment waits on the row for the first's commit, then reads its
    -- count, so the limit is never passed. The held use (and, for a once-per-diner code, the diner's session and
    -- phone) is unique while held. `promo_use` rides beside the row's columns; jsonb_populate_record ignores it.
    v_promo := p_row->'promo_use';
    insert into promo_code_counters (promo_code_id, taken) values ((v_promo->>'id')::uuid, 0)
      on conflict (promo_code_id) do nothing;
    update promo_code_counters set taken = taken + 1
      where promo_code_id = (v_promo->>'id')::uuid
        and (v_promo->>'max_uses' is null or taken < (v_promo->>'max_uses')::integer);
    if not found then
      raise exception 'promo code % is used up', v_promo->>'id' using errcode = 'TF410';
    end if;
    insert into promo_code_uses (promo_code_id, order_id, use_key)
      select (v_promo->>'id')::uuid, p_order_id, case when k = 'order' then 'order:' || p_order_id::text else k end
        from jsonb_array_elements_text(v_promo->'use_keys') k
      on conflict (promo_code_id, use_key) do nothing;
    get diagnostics v_uses = row_count;
    if v_uses < jsonb_array_length(v_promo->'use_keys') then
      raise exception 'promo code % was used by this diner', v_promo->>'id' using errcode = 'TF411';
    end if;
  end if;

  if p_invoice_business is not null then
    -- The business's invoice row is taken before the order's row (every append that numbers takes its sequence row
    -- first, so no two appends wait on each other in opposite orders) and held to the commit.
    insert into invoice_sequences as s (business_id, last_number) values (p_invoice_business, 1)
      on conflict (business_id) do update set last_number = s.last_number + 1
      returning last_number into v_invoice;
    -- A payer's part's document (issue 34, decision 056) is numbered in its part; the order's own fields take the
    -- number only where the decider put the document there too (a bill paid by one payer).
    select e->'data'->>'partId' into v_part from jsonb_array_elements(p_events) e
      where e->>'type' = 'InvoiceIssued' and e->'data' ? 'partId' limit 1;
    if v_part is not null then
      select (t.i - 1)::text into v_part_index from jsonb_array_elements(v_state->'parts') with ordinality as t(p, i)
        where t.p->>'partId' = v_part;
      v_state := jsonb_set(v_state, array['parts', v_part_index, 'invoiceNumber'], to_jsonb(v_invoice::text));
    end if;
    if v_part is null or v_state->>'invoiceNumber' = '(numbered at commit)' then
      v_state := jsonb_set(v_state, '{invoiceNumber}', to_jsonb(v_invoice::text));
    else
      v_invoice_in_row := false;
    end if;
  end if;

  if p_events @> '[{"type": "CreditIssued", "data": {"creditNumber": "(numbered at commit)"}}]' then
    -- A refund's credit document of ours: the business's credit row, also held only to the commit.
    insert into credit_sequences as s (business_id, last_number) values (p_row->>'business_id', 1)
      on conflict (business_id) do update set last_number = s.last_number + 1
      returning last_number into v_credit;
  end if;

  v_row := jsonb_populate_record(null::orders, p_row);
  v_row.state := v_state;
  v_row.stream_version := p_expected + jsonb_array_length(p_events);
  if v_invoice is not null and v_invoice_in_row then
    v_row.invoice_number := v_invoice::text;
  end if;

  if p_expected = 0 and v_row.pickup_at is not null then
    update pickup_slots set taken = taken + 1
      where business_id = v_row.business_id and pickup_at = v_row.pickup_at and taken < capacity;
    if not found then
      raise exception 'pickup slot % of % is full', v_row.pickup_at, v_row.business_id using errcode = 'TF412';
    end if;
  elsif p_expected > 0 and v_row.pickup_at is not null and p_events @> '[{"type": "OrderExpired"}]' then
    update pickup_slots set taken = taken - 1
      where business_id = v_row.business_id and pickup_at = v_row.pickup_at and taken > 0;
  end if;

  if p_expected = 0 then
    insert into orders select v_row.*;
  else
    -- The version check and the write in one statement: another writer that moved the order first wins.
    update orders set
      customer_name = v_row.customer_name, customer_phone = v_row.customer_phone, items = v_row.items,
      remarks = v_row.remarks, table_number = v_row.table_number, status = v_row.status,
      payment_method = v_row.payment_method, payment_status = v_row.payment_status,
      cardcom_low_profile_id = v_row.cardcom_low_profile_id,
      cardcom_transaction_id = v_row.cardcom_transaction_id, invoice_number = v_row.invoice_number,
      invoice_url = v_row.invoice_url, invoice_status = v_row.invoice_status,
      payment_provider = v_row.payment_provider, card_last4 = v_row.card_last4, card_brand = v_row.card_brand,
      approval_number = v_row.approval_number, paid_at = v_row.paid_at, slip_status = v_row.slip_status,
      refunded_amount = v_row.refunded_amount, refund_refused_id = v_row.refund_refused_id,
      refund_refused_reason = v_row.refund_refused_reason, total_amount = v_row.total_amount,
      commission = v_row.commission, net_amount = v_row.net_amount, tip_amount = v_row.tip_amount,
      payer_sessions = v_row.payer_sessions, state = v_row.state, stream_version = v_row.stream_version
    where id = p_order_id and orders.stream_version = p_expected;
    if not found then
      raise exception 'order % is not at version %', p_order_id, p_expected using errcode = 'TF409';
    end if;
    if v_row.status in ('expired', 'cancelled') and v_row.payment_status <> 'paid' then
      -- An unpaid order that expired or was cancelled gives its promo code's use back (decision 052), once: its
      -- held rows go with the first such write.
      with released as (
        delete from promo_code_uses where order_id = p_order_id and use_key = 'order:' || p_order_id::text
        returning promo_code_id
      )
      update promo_code_counters c set taken = c.taken - 1 from released r where c.promo_code_id = r.promo_code_id;
      delete from promo_code_uses where order_id = p_order_id;
    end if;
  end if;

  if p_events @> '[{"type": "PaymentPageOpened"}]' or p_events @> '[{"type": "PartPageOpened"}]' then
    -- The order's page, or a payer's part's page (issue 34): the webhook finds either by its id.
    insert into payment_pages (low_profile_id, order_id, provider, terminal, payment_url, opened_at)
      select e->'data'->>'lowProfileId', p_order_id, e->'data'->>'provider', e->'data'->>'terminal',
             -- A page opened at the command's time keeps that time as the event's own only (decisions 067, 073).
             e->'data'->>'paymentUrl',
             coalesce(e->'data'->>'openedAt', e->'metadata'->>'occurredAt', e->>'occurredAt')::timestamptz
        from jsonb_array_elements(p_events) e where e->>'type' in ('PaymentPageOpened', 'PartPageOpened')
    on conflict (low_profile_id) do nothing;
  end if;

  if p_complete_effect is not null then
    -- An effect outside the database (an SMS) is recorded as done together with its event.
    update effect_keys set completed_at = now() where effect_key = p_complete_effect;
  end if;

  -- The numbers taken above go into their events as they are stored. The events come as the log keeps them
  -- (decisions 066 and 067: OrderStore leaves out of data and metadata what the row holds, with the same `storedData`
  -- and `storedMetadata` as the store's own insert), their schema version and time (decision 073: null where the
  -- metadata keeps its time) beside them for the row's columns.
  return query
    insert into events
      (stream_id, stream_category, stream_version, type, schema_version, data, metadata, occurred_at)
    select 'order-' || p_order_id, 'order', p_expected + i::integer, e->>'type', (e->>'schemaVersion')::integer,
           case
             when v_invoice is not null and e->>'type' in ('InvoiceIssued', 'InvoiceAwaitingAllocation')
               then jsonb_set(e->'data', '{invoiceNumber}', to_jsonb(v_invoice::text))
             when v_credit is not null and e->>'type' = 'CreditIssued'
               then jsonb_set(e->'data', '{creditNumber}', to_jsonb(v_credit::text))
             else e->'data'
           end,
           e->'metadata', (e->>'occurredAt')::timestamptz
      from jsonb_array_elements(p_events) with ordinality as t(e, i)
    returning null::uuid, events.stream_version, events.global_position::text, events.transaction_id::text,
              to_char(events.recorded_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
              coalesce(events.data->>'invoiceNumber', events.data->>'creditNumber');
end $$;
