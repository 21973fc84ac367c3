import type { EntityManager } from '@mikro-orm/postgresql';
import type { RecordedEvent } from '../../../platform/event-store/event-store.port.js';
import type { InlineProjection } from '../../../platform/event-store/inline-projection.js';
import { execute } from '../../../platform/database/sql.js';
import { OPTION_GROUPS_EVENT_TYPES, type OptionGroupsEvent } from '../domain/option-groups.events.js';

/**
 * `option_groups`, `group_options` and `product_option_groups`, written in the append's own transaction so the owner's
 * answer and the public menu built right after it see the change. Idempotent: an insert of a row that exists does
 * nothing, an update applies only when its event is newer than the row (`stream_version`), a delete of a missing row
 * deletes nothing. Deletions remove the dependent rows themselves rather than lean on the foreign keys, so a replay
 * into copies without them (scripts/rebuild-projections.mjs) ends the same.
 */
export const optionGroupsProjection: InlineProjection = {
  name: 'option-groups',
  handles: OPTION_GROUPS_EVENT_TYPES,
  async apply(em: EntityManager, recorded: RecordedEvent) {
    const event = recorded as RecordedEvent & OptionGroupsEvent;
    const version = event.streamVersion;
    switch (event.type) {
      case 'OptionGroupCreated': {
        const { groupId, businessId, name, minChoices, maxChoices, without } = event.data;
        await execute(
          em,
          `insert into option_groups (id, business_id, name, min_choices, max_choices, without, position, stream_version)
           values (?, ?, ?, ?, ?, ?, ?, ?) on conflict (id) do nothing`,
          [groupId, businessId, name, minChoices, maxChoices, without, version, version],
        );
        return;
      }
      case 'OptionGroupEdited': {
        const { groupId, name, minChoices, maxChoices, without } = event.data;
        await execute(
          em,
          `update option_groups set name = ?, min_choices = ?, max_choices = ?, without = ?, stream_version = ?
            where id = ? and stream_version < ?`,
          [name, minChoices, maxChoices, without, version, groupId, version],
        );
        return;
      }
      case 'OptionGroupDeleted': {
        const { groupId } = event.data;
        await execute(em, 'delete from product_option_groups where group_id = ?', [groupId]);
        await execute(em, 'delete from group_options where group_id = ?', [groupId]);
        await execute(em, 'delete from option_groups where id = ?', [groupId]);
        return;
      }
      case 'OptionAdded': {
        const { groupId, optionId, businessId, name, priceAgorot, isDefault, available } = event.data;
        await execute(
          em,
          `insert into group_options
             (id, group_id, business_id, name, price_agorot, available, is_default, position, stream_version)
           select ?, ?, ?, ?, ?, ?, ?, coalesce(max(position) + 1, 0), ? from group_options where group_id = ?
           on conflict (id) do nothing`,
          [optionId, groupId, businessId, name, priceAgorot, available, isDefault, version, groupId],
        );
        return;
      }
      case 'OptionEdited': {
        const { optionId, name, priceAgorot, isDefault } = event.data;
        await execute(
          em,
          `update group_options set name = ?, price_agorot = ?, is_default = ?, stream_version = ?
            where id = ? and stream_version < ?`,
          [name, priceAgorot, isDefault, version, optionId, version],
        );
        return;
      }
      case 'OptionRemoved':
        await execute(em, 'delete from group_options where id = ?', [event.data.optionId]);
        return;
      case 'OptionAvailabilityChanged': {
        const { optionId, available } = event.data;
        await execute(
          em,
          'update group_options set available = ?, stream_version = ? where id = ? and stream_version < ?',
          [available, version, optionId, version],
        );
        return;
      }
      case 'OptionsReordered': {
        const { groupId, optionIds } = event.data;
        for (const [position, optionId] of optionIds.entries()) {
          await execute(
            em,
            `update group_options set position = ?, stream_version = ?
              where id = ? and group_id = ? and stream_version < ?`,
            [position, version, optionId, groupId, version],
          );
        }
        return;
      }
      case 'OptionGroupAttached': {
        const { groupId, productId, businessId } = event.data;
        await execute(
          em,
          `insert into product_option_groups (product_id, group_id, business_id, position, stream_version)
           select ?, ?, ?, coalesce(max(position) + 1, 0), ? from product_option_groups where product_id = ?
           on conflict (product_id, group_id) do nothing`,
          [productId, groupId, businessId, version, productId],
        );
        return;
      }
      case 'OptionGroupDetached': {
        const { groupId, productId } = event.data;
        await execute(em, 'delete from product_option_groups where product_id = ? and group_id = ?', [
          productId,
          groupId,
        ]);
        return;
      }
      case 'ProductOptionGroupsReordered': {
        const { productId, groupIds } = event.data;
        for (const [position, groupId] of groupIds.entries()) {
          await execute(
            em,
            `update product_option_groups set position = ?, stream_version = ?
              where product_id = ? and group_id = ? and stream_version < ?`,
            [position, version, productId, groupId, version],
          );
        }
        return;
      }
    }
  },
};
