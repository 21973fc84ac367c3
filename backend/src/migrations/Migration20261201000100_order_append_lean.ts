import { Migration } from '@mikro-orm/migrations';

/**
 * A leaner `order_append` (issue 14, decision 015): the same signature, answers and rules, with less work per call
 * (measured with pg_stat_statements: about 0.45 ms of the database per call before, two calls per paid order).
 *
 * - The row is read from `p_row` as it is, with the state, the version and the invoice number set on the record,
 *   instead of first merging them into one more jsonb (a copy of the whole state) and reading that.
 * - An append to an existing order checks its version in the update itself (`where stream_version = p_expected`)
 *   instead of a `select ... for update` before it: one statement fewer per payment.
 * - The payment page's row and the credit number are looked for only when the events hold them (a containment test
 *   on the events, not a statement that unpacks them every call).
 * - The invoice and credit numbers go into their events as the events are stored, instead of a rebuilt copy of the
 *   events array before the insert.
 *
 * Lock order: an append that takes a number now takes the business's sequence row before the order's row (before,
 * the order's row came first). Every append that numbers does so, and none takes a sequence row after an order's
 * row, so two appends never wait on each other in opposite orders. A stale append (another writer moved the order)
 * still fails with TF409 and its rollback gives the number back: invoice and credit numbers stay gapless.
 */
export class Migration20261201000100_order_append_lean extends Migration {
  override up(): void {
    this.addSql(`
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
        v_credit integer;
        v_existing uuid;
      begin
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

        if p_invoice_business is not null then
          -- The business's invoice row is taken before the order's row (every append that numbers takes its sequence row
          -- first, so no two appends wait on each other in opposite orders) and held to the commit.
          insert into invoice_sequences as s (business_id, last_number) values (p_invoice_business, 1)
            on conflict (business_id) do update set last_number = s.last_number + 1
            returning last_number into v_invoice;
          v_state := jsonb_set(v_state, '{invoiceNumber}', to_jsonb(v_invoice::text));
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
        if v_invoice is not null then
          v_row.invoice_number := v_invoice::text;
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
            approval_number = v_row.approval_number, paid_at = v_row.paid_at, state = v_row.state,
            stream_version = v_row.stream_version
          where id = p_order_id and orders.stream_version = p_expected;
          if not found then
            raise exception 'order % is not at version %', p_order_id, p_expected using errcode = 'TF409';
          end if;
        end if;

        if p_events @> '[{"type": "PaymentPageOpened"}]' then
          insert into payment_pages (low_profile_id, order_id, provider, terminal, payment_url, opened_at)
            select e->'data'->>'lowProfileId', p_order_id, e->'data'->>'provider', e->'data'->>'terminal',
                   e->'data'->>'paymentUrl', (e->'data'->>'openedAt')::timestamptz
              from jsonb_array_elements(p_events) e where e->>'type' = 'PaymentPageOpened'
          on conflict (low_profile_id) do nothing;
        end if;

        if p_complete_effect is not null then
          -- An effect outside the database (an SMS) is recorded as done together with its event.
          update effect_keys set completed_at = now() where effect_key = p_complete_effect;
        end if;

        -- The numbers taken above go into their events as they are stored. A writer that raced us past the version check
        -- (none should) still loses on (stream_id, stream_version).
        return query
          insert into events (stream_id, stream_category, stream_version, type, schema_version, data, metadata)
          select 'order-' || p_order_id, 'order', p_expected + i::integer, e->>'type',
                 (e->'metadata'->>'schemaVersion')::integer,
                 case
                   when v_invoice is not null and e->>'type' = 'InvoiceIssued'
                     then jsonb_set(e->'data', '{invoiceNumber}', to_jsonb(v_invoice::text))
                   when v_credit is not null and e->>'type' = 'CreditIssued'
                     then jsonb_set(e->'data', '{creditNumber}', to_jsonb(v_credit::text))
                   else e->'data'
                 end,
                 e->'metadata'
            from jsonb_array_elements(p_events) with ordinality as t(e, i)
          returning null::uuid, events.stream_version, events.global_position::text, events.transaction_id::text,
                    to_char(events.recorded_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                    coalesce(events.data->>'invoiceNumber', events.data->>'creditNumber');
      end $$;
    `);
  }

  override down(): void {
    // The function keeps this body: it stores, answers and numbers exactly as the one before it.
  }
}
