import { Migration } from '@mikro-orm/migrations';

/**
 * Credit tax documents (issue 17, decision 024): a refund's חשבונית מס זיכוי of ours is numbered from the business's
 * own gapless sequence of credit documents (`credit_sequences`, like `invoice_sequences`), taken last in
 * `order_append`, in the refund's transaction: a rolled-back refund gives its number back. `order_append` keeps its
 * signature (the business is the row's) and answers a credit's number where it answers an invoice's.
 */
export class Migration20261126000400_credit_documents extends Migration {
  override up(): void {
    this.addSql(`
      create table credit_sequences (
        business_id varchar(16) primary key references businesses (phone) on delete restrict,
        last_number integer not null,
        constraint credit_sequences_positive check (last_number > 0)
      );

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
        v_events jsonb := p_events;
        v_invoice integer;
        v_credit integer;
        v_count integer := jsonb_array_length(p_events);
        v_existing uuid;
      begin
        if p_expected = 0 then
          if p_request_key is not null then
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
          v_row := jsonb_populate_record(null::orders, p_row || jsonb_build_object('state', v_state,
            'stream_version', v_count));
          insert into orders select v_row.*;
        else
          select * into v_row from orders where id = p_order_id and orders.stream_version = p_expected for update;
          if not found then
            raise exception 'order % is not at version %', p_order_id, p_expected using errcode = 'TF409';
          end if;
        end if;

        insert into payment_pages (low_profile_id, order_id, provider, terminal, payment_url, opened_at)
          select e->'data'->>'lowProfileId', p_order_id, e->'data'->>'provider', e->'data'->>'terminal',
                 e->'data'->>'paymentUrl', (e->'data'->>'openedAt')::timestamptz
            from jsonb_array_elements(p_events) e where e->>'type' = 'PaymentPageOpened'
          on conflict (low_profile_id) do nothing;

        if p_complete_effect is not null then
          -- An effect outside the database (an SMS) is recorded as done together with its event.
          update effect_keys set completed_at = now() where effect_key = p_complete_effect;
        end if;

        if p_invoice_business is not null then
          -- Last: the business's invoice row is held from here to the commit, as briefly as the transaction allows.
          insert into invoice_sequences as s (business_id, last_number) values (p_invoice_business, 1)
            on conflict (business_id) do update set last_number = s.last_number + 1
            returning last_number into v_invoice;
          select jsonb_agg(case when e->>'type' = 'InvoiceIssued'
                   then jsonb_set(e, '{data,invoiceNumber}', to_jsonb(v_invoice::text)) else e end order by i)
            into v_events from jsonb_array_elements(v_events) with ordinality as t(e, i);
          v_state := jsonb_set(v_state, '{invoiceNumber}', to_jsonb(v_invoice::text));
          p_row := p_row || jsonb_build_object('invoice_number', v_invoice::text);
        end if;

        if exists (select 1 from jsonb_array_elements(v_events) e
                    where e->>'type' = 'CreditIssued' and e->'data'->>'creditNumber' = '(numbered at commit)') then
          -- A refund's credit document of ours: the business's credit row, also last, held only to the commit.
          insert into credit_sequences as s (business_id, last_number) values (p_row->>'business_id', 1)
            on conflict (business_id) do update set last_number = s.last_number + 1
            returning last_number into v_credit;
          select jsonb_agg(case when e->>'type' = 'CreditIssued'
                   then jsonb_set(e, '{data,creditNumber}', to_jsonb(v_credit::text)) else e end order by i)
            into v_events from jsonb_array_elements(v_events) with ordinality as t(e, i);
        end if;

        if p_expected > 0 then
          v_row := jsonb_populate_record(v_row, p_row || jsonb_build_object('state', v_state,
            'stream_version', p_expected + v_count));
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
          where id = p_order_id;
        end if;

        -- A writer that raced us past the row lock (none should) still loses on (stream_id, stream_version).
        return query
          insert into events (stream_id, stream_category, stream_version, type, schema_version, data, metadata)
          select 'order-' || p_order_id, 'order', p_expected + i::integer, e->>'type',
                 (e->'metadata'->>'schemaVersion')::integer, e->'data', e->'metadata'
            from jsonb_array_elements(v_events) with ordinality as t(e, i)
          returning null::uuid, events.stream_version, events.global_position::text, events.transaction_id::text,
                    to_char(events.recorded_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                    coalesce(events.data->>'invoiceNumber', events.data->>'creditNumber');
      end $$;
    `);
  }

  override down(): void {
    // order_append keeps its credit step, which only events of this issue reach; without them it does what it did.
    this.addSql('drop table if exists credit_sequences;');
  }
}
