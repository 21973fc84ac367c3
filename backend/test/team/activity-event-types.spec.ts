import { describe, expect, it } from '@jest/globals';
import { PRINTER_EVENT_TYPES } from '@tafrit/contracts';
import { BUSINESS_EVENT_TYPES } from '../../src/modules/accounts/domain/business.events.js';
import { MENU_TRANSLATIONS_EVENT_TYPES } from '../../src/modules/menu/domain/menu-translations.events.js';
import { OPTION_GROUPS_EVENT_TYPES } from '../../src/modules/menu/domain/option-groups.events.js';
import { ACTIVITY_EVENT_TYPES } from '../../src/modules/team/domain/activity-acts.js';
import { TEAM_EVENT_TYPES } from '../../src/modules/team/domain/team.events.js';
import { PROMOTIONS_EVENT_TYPES } from '../../src/modules/promotions/domain/promotions.events.js';
import { TABLES_EVENT_TYPES } from '../../src/modules/tables/domain/tables.events.js';

// The activity names the event types it follows (the team module may not import the others' lists): a new setting,
// menu, team or printer event that a person can record must be added there, or this fails.

describe('the events the activity page follows', () => {
  it('include every event of the business, menu, option, translation, team and printer streams', () => {
    const streams = [
      ...BUSINESS_EVENT_TYPES,
      ...OPTION_GROUPS_EVENT_TYPES,
      ...MENU_TRANSLATIONS_EVENT_TYPES,
      ...TEAM_EVENT_TYPES,
      ...PRINTER_EVENT_TYPES,
      ...PROMOTIONS_EVENT_TYPES,
      ...TABLES_EVENT_TYPES,
      'MenuChanged',
    ];
    expect(streams.filter((type) => !ACTIVITY_EVENT_TYPES.includes(type))).toEqual([]);
  });
});
