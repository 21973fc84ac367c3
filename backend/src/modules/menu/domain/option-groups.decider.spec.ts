import { deciderSpec } from '../../../../test/support/decider-spec.js';
import { optionGroupsDecider, type OptionGroupsCommand } from './option-groups.decider.js';
import {
  OptionGroupNotAttachedError,
  OptionGroupNotFoundError,
  OptionNotFoundError,
  OptionRuleError,
} from './option-groups.errors.js';
import type { OptionGroupsEvent } from './option-groups.events.js';

const { given } = deciderSpec(optionGroupsDecider);

const businessId = '+972523456789';
const milkId = '00000000-0000-4000-8000-000000000001';
const withoutId = '00000000-0000-4000-8000-000000000002';
const regular = '00000000-0000-4000-8000-000000000011';
const oat = '00000000-0000-4000-8000-000000000012';
const soy = '00000000-0000-4000-8000-000000000013';
const onion = '00000000-0000-4000-8000-000000000021';
const milkFields = { name: 'חלב', minChoices: 1, maxChoices: 1, without: false };

const milkCreated: OptionGroupsEvent = {
  type: 'OptionGroupCreated',
  data: { businessId, groupId: milkId, ...milkFields },
};
const regularAdded: OptionGroupsEvent = {
  type: 'OptionAdded',
  data: {
    businessId,
    groupId: milkId,
    optionId: regular,
    name: 'חלב רגיל',
    priceAgorot: 0,
    isDefault: true,
    available: true,
  },
};
const oatAdded: OptionGroupsEvent = {
  type: 'OptionAdded',
  data: {
    businessId,
    groupId: milkId,
    optionId: oat,
    name: 'שיבולת שועל',
    priceAgorot: 200,
    isDefault: false,
    available: true,
  },
};
const withoutCreated: OptionGroupsEvent = {
  type: 'OptionGroupCreated',
  data: { businessId, groupId: withoutId, name: 'בלי', minChoices: 0, maxChoices: 3, without: true },
};
const milkOnCoffee: OptionGroupsEvent = {
  type: 'OptionGroupAttached',
  data: { businessId, groupId: milkId, productId: 7 },
};
const withoutOnCoffee: OptionGroupsEvent = {
  type: 'OptionGroupAttached',
  data: { businessId, groupId: withoutId, productId: 7 },
};
const milk = [milkCreated, regularAdded, oatAdded];

const command = <T extends OptionGroupsCommand['type']>(
  type: T,
  data: Omit<Extract<OptionGroupsCommand, { type: T }>['data'], 'businessId'>,
) => ({ type, data: { businessId, ...data } }) as unknown as Extract<OptionGroupsCommand, { type: T }>;

describe('creating an option group', () => {
  it('records the group and then each of its first options, in order', () =>
    given([])
      .when(
        command('CreateOptionGroup', {
          groupId: milkId,
          group: milkFields,
          options: [
            { optionId: regular, name: 'חלב רגיל', priceAgorot: 0, isDefault: true, available: true },
            { optionId: oat, name: 'שיבולת שועל', priceAgorot: 200, isDefault: false, available: true },
          ],
        }),
      )
      .then(milk));

  it('a second group with the same name is refused', () =>
    given(milk)
      .when(command('CreateOptionGroup', { groupId: withoutId, group: { ...milkFields, name: ' חלב ' }, options: [] }))
      .thenThrows(OptionRuleError, (error) => expect(error.fields).toEqual({ name: 'כבר יש קבוצת תוספות בשם הזה' })));

  it('a "without" group takes only free choices', () =>
    given([])
      .when(
        command('CreateOptionGroup', {
          groupId: withoutId,
          group: { name: 'בלי', minChoices: 0, maxChoices: 3, without: true },
          options: [{ optionId: onion, name: 'בלי בצל', priceAgorot: 100, isDefault: false, available: true }],
        }),
      )
      .thenThrows(OptionRuleError, (error) =>
        expect(error.fields).toEqual({ 'options.0.price': 'בקבוצת "בלי" כל הבחירות ללא תוספת מחיר' }),
      ));

  it('a single-choice group cannot start with two defaults', () =>
    given([])
      .when(
        command('CreateOptionGroup', {
          groupId: milkId,
          group: milkFields,
          options: [
            { optionId: regular, name: 'רגיל', priceAgorot: 0, isDefault: true, available: true },
            { optionId: oat, name: 'שיבולת', priceAgorot: 200, isDefault: true, available: true },
          ],
        }),
      )
      .thenThrows(OptionRuleError));

  it('a repeat of the same command (same group id) changes nothing', () =>
    given(milk)
      .when(command('CreateOptionGroup', { groupId: milkId, group: milkFields, options: [] }))
      .then([]));
});

describe('editing a group', () => {
  it('a rename is recorded once; the same values again record nothing', () => {
    given(milk)
      .when(command('EditOptionGroup', { groupId: milkId, group: { ...milkFields, name: 'סוג חלב' } }))
      .then([{ type: 'OptionGroupEdited', data: { businessId, groupId: milkId, ...milkFields, name: 'סוג חלב' } }]);
    given(milk)
      .when(command('EditOptionGroup', { groupId: milkId, group: milkFields }))
      .then([]);
  });

  it("another business's group (or a deleted one) is not found", () => {
    given([])
      .when(command('EditOptionGroup', { groupId: milkId, group: milkFields }))
      .thenThrows(OptionGroupNotFoundError);
    given([...milk, { type: 'OptionGroupDeleted', data: { businessId, groupId: milkId } }])
      .when(command('DeleteOptionGroup', { groupId: milkId }))
      .thenThrows(OptionGroupNotFoundError);
  });

  it('becoming a "without" group is refused while a choice has a price', () =>
    given(milk)
      .when(command('EditOptionGroup', { groupId: milkId, group: { ...milkFields, minChoices: 0, without: true } }))
      .thenThrows(OptionRuleError, (error) =>
        expect(error.fields).toEqual({ without: 'בקבוצת "בלי" כל הבחירות ללא תוספת מחיר' }),
      ));

  it('fewer choices than the group has defaults is refused, beside the maximum', () =>
    given([
      { ...milkCreated, data: { ...milkCreated.data, maxChoices: 2 } } as OptionGroupsEvent,
      regularAdded,
      { ...oatAdded, data: { ...oatAdded.data, isDefault: true } } as OptionGroupsEvent,
    ])
      .when(command('EditOptionGroup', { groupId: milkId, group: milkFields }))
      .thenThrows(OptionRuleError, (error) =>
        expect(error.fields).toEqual({ maxChoices: 'יש יותר ברירות מחדל ממספר הבחירות המקסימלי של הקבוצה' }),
      ));
});

describe('options', () => {
  it('oat milk is added with its price in agorot', () =>
    given([milkCreated])
      .when(
        command('AddOption', {
          groupId: milkId,
          optionId: oat,
          option: { name: 'שיבולת שועל', priceAgorot: 200, isDefault: false },
          available: true,
        }),
      )
      .then([oatAdded]));

  it('a name the group already has is refused', () =>
    given(milk)
      .when(
        command('AddOption', {
          groupId: milkId,
          optionId: soy,
          option: { name: 'שיבולת שועל', priceAgorot: 200, isDefault: false },
          available: true,
        }),
      )
      .thenThrows(OptionRuleError, (error) => expect(error.fields).toEqual({ name: 'כבר יש בקבוצה תוספת בשם הזה' })));

  it('a second default in a single-choice group is refused', () =>
    given(milk)
      .when(
        command('EditOption', {
          groupId: milkId,
          optionId: oat,
          option: { name: 'שיבולת שועל', priceAgorot: 200, isDefault: true },
        }),
      )
      .thenThrows(OptionRuleError));

  it('a new price is recorded', () =>
    given(milk)
      .when(
        command('EditOption', {
          groupId: milkId,
          optionId: oat,
          option: { name: 'שיבולת שועל', priceAgorot: 250, isDefault: false },
        }),
      )
      .then([
        {
          type: 'OptionEdited',
          data: { businessId, groupId: milkId, optionId: oat, name: 'שיבולת שועל', priceAgorot: 250, isDefault: false },
        },
      ]));

  it('oat milk sold out today, then available again; a repeat records nothing', () => {
    const soldOut: OptionGroupsEvent = {
      type: 'OptionAvailabilityChanged',
      data: { businessId, groupId: milkId, optionId: oat, available: false },
    };
    given(milk)
      .when(command('SetOptionAvailability', { groupId: milkId, optionId: oat, available: false }))
      .then([soldOut]);
    given([...milk, soldOut])
      .when(command('SetOptionAvailability', { groupId: milkId, optionId: oat, available: false }))
      .then([]);
    given([...milk, soldOut])
      .when(command('SetOptionAvailability', { groupId: milkId, optionId: oat, available: true }))
      .then([{ ...soldOut, data: { ...soldOut.data, available: true } } as OptionGroupsEvent]);
  });

  it('an option of another group is not found in this one', () =>
    given([...milk, withoutCreated])
      .when(command('RemoveOption', { groupId: withoutId, optionId: oat }))
      .thenThrows(OptionNotFoundError));

  it('reordering takes every option of the group once', () => {
    given(milk)
      .when(command('ReorderOptions', { groupId: milkId, optionIds: [oat, regular] }))
      .then([{ type: 'OptionsReordered', data: { businessId, groupId: milkId, optionIds: [oat, regular] } }]);
    given(milk)
      .when(command('ReorderOptions', { groupId: milkId, optionIds: [oat] }))
      .thenThrows(OptionRuleError);
  });
});

describe('groups on products', () => {
  it('attaching is recorded once; attaching again changes nothing', () => {
    given(milk)
      .when(command('AttachOptionGroup', { groupId: milkId, productId: 7 }))
      .then([milkOnCoffee]);
    given([...milk, milkOnCoffee])
      .when(command('AttachOptionGroup', { groupId: milkId, productId: 7 }))
      .then([]);
  });

  it('detaching a group the product does not have is not found', () =>
    given(milk)
      .when(command('DetachOptionGroup', { groupId: milkId, productId: 7 }))
      .thenThrows(OptionGroupNotAttachedError));

  it("the product's groups are reordered only as a whole", () => {
    const attached = [...milk, withoutCreated, milkOnCoffee, withoutOnCoffee];
    given(attached)
      .when(command('ReorderProductOptionGroups', { productId: 7, groupIds: [withoutId, milkId] }))
      .then([
        { type: 'ProductOptionGroupsReordered', data: { businessId, productId: 7, groupIds: [withoutId, milkId] } },
      ]);
    given(attached)
      .when(command('ReorderProductOptionGroups', { productId: 7, groupIds: [milkId] }))
      .thenThrows(OptionRuleError);
  });

  it('a deleted group comes off every product with it', () =>
    given([
      ...milk,
      milkOnCoffee,
      { type: 'OptionGroupDeleted', data: { businessId, groupId: milkId } },
      withoutCreated,
    ])
      .when(command('ReorderProductOptionGroups', { productId: 7, groupIds: [] }))
      .then([]));

  it('deleted products lose their groups', () =>
    given([...milk, withoutCreated, milkOnCoffee, withoutOnCoffee])
      .when(command('ForgetProducts', { productIds: [7, 8] }))
      .then([
        { type: 'OptionGroupDetached', data: { businessId, groupId: milkId, productId: 7 } },
        { type: 'OptionGroupDetached', data: { businessId, groupId: withoutId, productId: 7 } },
      ]));

  it("a duplicated product gets the original's groups in the original's order, and a repeat adds none twice", () => {
    const attached = [...milk, withoutCreated, withoutOnCoffee, milkOnCoffee];
    given(attached)
      .when(command('CopyProductOptionGroups', { fromProductId: 7, toProductId: 9 }))
      .then([
        { type: 'OptionGroupAttached', data: { businessId, groupId: withoutId, productId: 9 } },
        { type: 'OptionGroupAttached', data: { businessId, groupId: milkId, productId: 9 } },
      ]);
    given([...attached, { type: 'OptionGroupAttached', data: { businessId, groupId: withoutId, productId: 9 } }])
      .when(command('CopyProductOptionGroups', { fromProductId: 7, toProductId: 9 }))
      .then([{ type: 'OptionGroupAttached', data: { businessId, groupId: milkId, productId: 9 } }]);
  });

  it('duplicating a product without groups records nothing', () =>
    given([...milk, milkOnCoffee])
      .when(command('CopyProductOptionGroups', { fromProductId: 8, toProductId: 9 }))
      .then([]));

  it('removing the menu deletes every group', () =>
    given([...milk, withoutCreated])
      .when(command('RemoveAllOptionGroups', {}))
      .then([
        { type: 'OptionGroupDeleted', data: { businessId, groupId: milkId } },
        { type: 'OptionGroupDeleted', data: { businessId, groupId: withoutId } },
      ]));
});
