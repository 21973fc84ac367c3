import { deciderSpec } from '../../../../test/support/decider-spec.js';
import { businessDecider, type ChangeBusinessProfile, type RegisterBusiness } from './business.decider.js';
import {
  BusinessAlreadyRegisteredError,
  BusinessClosedError,
  BusinessNotFoundError,
  StepUpRequiredError,
} from './business.errors.js';
import type {
  BusinessActivated,
  BusinessClosed,
  BusinessPaused,
  BusinessProfile,
  BusinessRegistered,
  BusinessReopened,
  DinerLanguagesChosen,
  LogoChanged,
  OpeningHoursSet,
  PayoutAccount,
} from './business.events.js';
import type { OpeningHours } from '@tafrit/contracts';

const { given } = deciderSpec(businessDecider);

const details = {
  phone: '+972547654321',
  fullName: 'דנה כהן',
  businessName: 'קפה דנה',
  email: 'dana@example.co.il',
  idNumber: '515678902',
  bankName: '12',
  branch: '600',
  accountNumber: '123456',
  beneficiaryName: 'דנה כהן',
  departmentId: 'Xk3v9QpLm2RtYw8z',
  receiptPhone: null,
  cardcom: { enabled: false, terminalNumber: null, apiName: null },
};

const register: RegisterBusiness = { type: 'RegisterBusiness', data: { ...details, now: '2026-11-21T08:00:00.000Z' } };
const registered: BusinessRegistered = {
  type: 'BusinessRegistered',
  data: { ...details, registeredAt: '2026-11-21T08:00:00.000Z' },
};

describe('the business aggregate', () => {
  it('a new phone registers a business with the time the command carries', () =>
    given([]).when(register).then([registered]));

  it('a phone that already has a business cannot register again', () =>
    given([registered])
      .when({ ...register, data: { ...register.data, email: 'other@example.co.il' } })
      .thenThrows(BusinessAlreadyRegisteredError, (error) => {
        expect(error.code).toBe('business.phone_taken');
        expect(error.phone).toBe('+972547654321');
      }));
});

const now = '2026-11-22T09:30:00.000Z';
const profile: BusinessProfile = {
  fullName: 'דנה כהן',
  businessName: 'קפה דנה',
  email: 'dana@example.co.il',
  idNumber: '515678902',
  receiptPhone: null,
};
const payout: PayoutAccount = {
  bankName: '12',
  branch: '600',
  accountNumber: '123456',
  beneficiaryName: 'דנה כהן',
  cardcom: { enabled: false, terminalNumber: null, apiName: null },
};
const changeProfile = (changes: {
  profile?: Partial<BusinessProfile>;
  payout?: Partial<PayoutAccount>;
  bankDetails?: 'may_change' | 'keep';
}): ChangeBusinessProfile => ({
  type: 'ChangeBusinessProfile',
  data: {
    profile: { ...profile, ...changes.profile },
    payout: { ...payout, ...changes.payout },
    bankDetails: changes.bankDetails ?? 'may_change',
    now,
  },
});

describe('changing the business details', () => {
  it('records BusinessProfileChanged when only the profile changed', () =>
    given([registered])
      .when(changeProfile({ profile: { businessName: 'קפה דנה ובניו', receiptPhone: '+972543333333' } }))
      .then([
        {
          type: 'BusinessProfileChanged',
          data: {
            phone: '+972547654321',
            ...profile,
            businessName: 'קפה דנה ובניו',
            receiptPhone: '+972543333333',
            changedAt: now,
          },
        },
      ]));

  it('records PayoutAccountChanged when only where the money goes changed', () =>
    given([registered])
      .when(changeProfile({ payout: { cardcom: { enabled: true, terminalNumber: '1000', apiName: 'test2025' } } }))
      .then([
        {
          type: 'PayoutAccountChanged',
          data: {
            phone: '+972547654321',
            ...payout,
            cardcom: { enabled: true, terminalNumber: '1000', apiName: 'test2025' },
            changedAt: now,
          },
        },
      ]));

  it('records both, profile first, when both changed', () =>
    given([registered])
      .when(changeProfile({ profile: { email: 'new@example.co.il' }, payout: { accountNumber: '999' } }))
      .then([
        {
          type: 'BusinessProfileChanged',
          data: { phone: '+972547654321', ...profile, email: 'new@example.co.il', changedAt: now },
        },
        {
          type: 'PayoutAccountChanged',
          data: { phone: '+972547654321', ...payout, accountNumber: '999', changedAt: now },
        },
      ]));

  it('refuses new bank details, and records nothing of the form, without a fresh code (decision 036)', () =>
    given([registered])
      .when(
        changeProfile({
          profile: { email: 'new@example.co.il' },
          payout: { beneficiaryName: 'אחר' },
          bankDetails: 'keep',
        }),
      )
      .thenThrows(StepUpRequiredError, (error) => expect(error.code).toBe('auth.step_up_required')));

  it('lets a session without a fresh code save the form when the bank details stay the same', () =>
    given([registered])
      .when(
        changeProfile({
          payout: { cardcom: { enabled: true, terminalNumber: '1000', apiName: 'test2025' } },
          bankDetails: 'keep',
        }),
      )
      .then([
        {
          type: 'PayoutAccountChanged',
          data: {
            phone: '+972547654321',
            ...payout,
            cardcom: { enabled: true, terminalNumber: '1000', apiName: 'test2025' },
            changedAt: now,
          },
        },
      ]));

  it('records nothing when the form is saved unchanged, also after earlier changes', () =>
    given([
      registered,
      { type: 'PayoutAccountChanged', data: { phone: '+972547654321', ...payout, branch: '601', changedAt: now } },
    ])
      .when(changeProfile({ payout: { branch: '601' } }))
      .then([]));

  it('keeps the stored Cardcom terminal when the form does not carry the Cardcom fields', () => {
    const terminal = { enabled: true, terminalNumber: '1000', apiName: 'test2025' };
    const withoutCardcom = changeProfile({ payout: { branch: '602' } });
    delete withoutCardcom.data.payout.cardcom;
    given([
      registered,
      { type: 'PayoutAccountChanged', data: { phone: '+972547654321', ...payout, cardcom: terminal, changedAt: now } },
    ])
      .when(withoutCardcom)
      .then([
        {
          type: 'PayoutAccountChanged',
          data: { phone: '+972547654321', ...payout, branch: '602', cardcom: terminal, changedAt: now },
        },
      ]);
  });

  it('refuses a business that was never registered', () =>
    given([])
      .when(changeProfile({}))
      .thenThrows(BusinessNotFoundError, (error) => expect(error.code).toBe('not_found')));
});

describe('the logo', () => {
  const first: LogoChanged = {
    type: 'LogoChanged',
    data: { phone: '+972547654321', logo: '/uploads/logos/a.webp', previousLogo: null, changedAt: now },
  };

  it('records LogoChanged with no previous logo the first time', () =>
    given([registered])
      .when({ type: 'ChangeLogo', data: { logo: '/uploads/logos/a.webp', now } })
      .then([first]));

  it('names the logo it replaces, so its file can be removed', () =>
    given([registered, first])
      .when({ type: 'ChangeLogo', data: { logo: '/uploads/logos/b.webp', now } })
      .then([
        {
          type: 'LogoChanged',
          data: {
            phone: '+972547654321',
            logo: '/uploads/logos/b.webp',
            previousLogo: '/uploads/logos/a.webp',
            changedAt: now,
          },
        },
      ]));
});

describe('the languages offered to the diners', () => {
  const chosen = (languages: DinerLanguagesChosen['data']['languages']): DinerLanguagesChosen => ({
    type: 'DinerLanguagesChosen',
    data: { phone: '+972547654321', languages, changedAt: now },
  });

  it('records DinerLanguagesChosen with the languages in their fixed order, whatever order they came in', () =>
    given([registered])
      .when({ type: 'ChooseDinerLanguages', data: { languages: ['ru', 'ar'], now } })
      .then([chosen(['ar', 'ru'])]));

  it('records none at all (Hebrew alone), and a first choice of all of them too', () => {
    given([registered])
      .when({ type: 'ChooseDinerLanguages', data: { languages: [], now } })
      .then([chosen([])]);
    given([registered])
      .when({ type: 'ChooseDinerLanguages', data: { languages: ['ar', 'en', 'ru'], now } })
      .then([chosen(['ar', 'en', 'ru'])]);
  });

  it('records nothing when the same languages are saved again', () =>
    given([registered, chosen(['en'])])
      .when({ type: 'ChooseDinerLanguages', data: { languages: ['en'], now } })
      .then([]));

  it('records a change after an earlier choice', () =>
    given([registered, chosen(['en'])])
      .when({ type: 'ChooseDinerLanguages', data: { languages: ['en', 'ar'], now } })
      .then([chosen(['ar', 'en'])]));

  it('refuses a closed business', () =>
    given([
      registered,
      {
        type: 'BusinessClosed',
        data: { phone: '+972547654321', adminPhone: '+972542222222', ip: null, at: now },
      },
    ])
      .when({ type: 'ChooseDinerLanguages', data: { languages: ['en'], now } })
      .thenThrows(BusinessClosedError));
});

describe('the service: table or pickup (issue 18)', () => {
  const chosen = (serviceMode: 'table' | 'pickup') =>
    ({ type: 'ServiceModeChosen', data: { phone: '+972547654321', serviceMode, changedAt: now } }) as const;

  it('records pickup, and table again after it', () => {
    given([registered])
      .when({ type: 'ChooseServiceMode', data: { serviceMode: 'pickup', now } })
      .then([chosen('pickup')]);
    given([registered, chosen('pickup')])
      .when({ type: 'ChooseServiceMode', data: { serviceMode: 'table', now } })
      .then([chosen('table')]);
  });

  it('records nothing for table service before any choice (the default) or the same choice again', () => {
    given([registered])
      .when({ type: 'ChooseServiceMode', data: { serviceMode: 'table', now } })
      .then([]);
    given([registered, chosen('pickup')])
      .when({ type: 'ChooseServiceMode', data: { serviceMode: 'pickup', now } })
      .then([]);
  });

  it('refuses a closed business', () =>
    given([
      registered,
      { type: 'BusinessClosed', data: { phone: '+972547654321', adminPhone: '+972542222222', ip: null, at: now } },
    ])
      .when({ type: 'ChooseServiceMode', data: { serviceMode: 'pickup', now } })
      .thenThrows(BusinessClosedError));
});

describe('accepting new orders automatically (decision 032)', () => {
  const chosen = (enabled: boolean, readyInMinutes: number | null) =>
    ({ type: 'AutoAcceptChosen', data: { phone: '+972547654321', enabled, readyInMinutes, changedAt: now } }) as const;
  const choose = (enabled: boolean, readyInMinutes: number | null) =>
    ({ type: 'ChooseAutoAccept', data: { enabled, readyInMinutes, now } }) as const;

  it('records turning it on with the estimate, a new estimate, and turning it off', () => {
    given([registered])
      .when(choose(true, 15))
      .then([chosen(true, 15)]);
    given([registered, chosen(true, 15)])
      .when(choose(true, 20))
      .then([chosen(true, 20)]);
    given([registered, chosen(true, 20)])
      .when(choose(false, 20))
      .then([chosen(false, 20)]);
    given([registered])
      .when(choose(true, null))
      .then([chosen(true, null)]);
  });

  it('records nothing for off before any choice (the default) or the same choice again', () => {
    given([registered]).when(choose(false, null)).then([]);
    given([registered, chosen(true, 10)])
      .when(choose(true, 10))
      .then([]);
  });

  it('refuses a closed business', () =>
    given([
      registered,
      { type: 'BusinessClosed', data: { phone: '+972547654321', adminPhone: '+972542222222', ip: null, at: now } },
    ])
      .when(choose(true, 10))
      .thenThrows(BusinessClosedError));
});

describe('an administrator opening the business', () => {
  it('records BusinessImpersonated with the admin, the time and the address', () =>
    given([registered])
      .when({ type: 'RecordImpersonation', data: { adminPhone: '+972542222222', ip: '10.0.0.1', now } })
      .then([
        {
          type: 'BusinessImpersonated',
          data: { phone: '+972547654321', adminPhone: '+972542222222', at: now, ip: '10.0.0.1' },
        },
      ]));

  it('changes nothing in the state', () =>
    given([
      registered,
      {
        type: 'BusinessImpersonated',
        data: { phone: '+972547654321', adminPhone: '+972542222222', at: now, ip: null },
      },
    ])
      .when(changeProfile({}))
      .then([]));

  it('cannot open a business that does not exist', () =>
    given([])
      .when({ type: 'RecordImpersonation', data: { adminPhone: '+972542222222', ip: null, now } })
      .thenThrows(BusinessNotFoundError));
});

describe('the administrator pausing, activating and closing an account', () => {
  const admin = { adminPhone: '+972542222222', ip: '10.0.0.1', now };
  const action = { phone: '+972547654321', adminPhone: '+972542222222', ip: '10.0.0.1', at: now };
  const paused: BusinessPaused = { type: 'BusinessPaused', data: action };
  const activated: BusinessActivated = { type: 'BusinessActivated', data: action };
  const closed: BusinessClosed = { type: 'BusinessClosed', data: action };

  it('records BusinessPaused with the admin, the address and the time', () =>
    given([registered]).when({ type: 'PauseBusiness', data: admin }).then([paused]));

  it('records BusinessActivated for a paused business', () =>
    given([registered, paused]).when({ type: 'ActivateBusiness', data: admin }).then([activated]));

  it('records nothing when a paused business is paused again', () =>
    given([registered, paused]).when({ type: 'PauseBusiness', data: admin }).then([]));

  it('records nothing when an active business is activated, also after a pause and an activation', () => {
    given([registered]).when({ type: 'ActivateBusiness', data: admin }).then([]);
    given([registered, paused, activated]).when({ type: 'ActivateBusiness', data: admin }).then([]);
  });

  it('a paused business can be paused again after it was activated', () =>
    given([registered, paused, activated])
      .when({ type: 'PauseBusiness', data: { ...admin, ip: null } })
      .then([{ type: 'BusinessPaused', data: { ...action, ip: null } }]));

  it('records BusinessClosed for an active or a paused business', () => {
    given([registered]).when({ type: 'CloseBusiness', data: admin }).then([closed]);
    given([registered, paused]).when({ type: 'CloseBusiness', data: admin }).then([closed]);
  });

  it('closing a closed business records nothing, so a repeated request is harmless', () =>
    given([registered, closed]).when({ type: 'CloseBusiness', data: admin }).then([]));

  it('a closed business can be neither paused nor activated, nor changed by its owner', () => {
    given([registered, closed])
      .when({ type: 'PauseBusiness', data: admin })
      .thenThrows(BusinessClosedError, (error) => expect(error.code).toBe('auth.forbidden'));
    given([registered, paused, closed]).when({ type: 'ActivateBusiness', data: admin }).thenThrows(BusinessClosedError);
    given([registered, closed])
      .when(changeProfile({ profile: { businessName: 'אחר' } }))
      .thenThrows(BusinessClosedError);
  });

  it('an administrator may still look into a closed business', () =>
    given([registered, closed])
      .when({ type: 'RecordImpersonation', data: { adminPhone: '+972542222222', ip: null, now } })
      .then([
        {
          type: 'BusinessImpersonated',
          data: { phone: '+972547654321', adminPhone: '+972542222222', at: now, ip: null },
        },
      ]));

  it('refuses a business that was never registered', () => {
    given([]).when({ type: 'PauseBusiness', data: admin }).thenThrows(BusinessNotFoundError);
    given([]).when({ type: 'CloseBusiness', data: admin }).thenThrows(BusinessNotFoundError);
    given([]).when({ type: 'ReopenBusiness', data: admin }).thenThrows(BusinessNotFoundError);
  });

  it('records BusinessReopened for a closed business, which then takes the other commands again', () => {
    const reopened: BusinessReopened = { type: 'BusinessReopened', data: action };
    given([registered, paused, closed]).when({ type: 'ReopenBusiness', data: admin }).then([reopened]);
    given([registered, closed, reopened]).when({ type: 'PauseBusiness', data: admin }).then([paused]);
  });

  it('reopening an open account records nothing, so a repeated request is harmless', () => {
    given([registered]).when({ type: 'ReopenBusiness', data: admin }).then([]);
    const reopened: BusinessReopened = { type: 'BusinessReopened', data: action };
    given([registered, closed, reopened]).when({ type: 'ReopenBusiness', data: admin }).then([]);
  });
});

describe('a new public address (regenerate-qr)', () => {
  const regenerate = (departmentId: string) =>
    ({ type: 'RegenerateDepartmentId', data: { departmentId, ip: '203.0.113.7', now } }) as const;
  const regenerated = (departmentId: string, previousDepartmentId: string) => ({
    type: 'DepartmentIdRegenerated' as const,
    data: { phone: '+972547654321', departmentId, previousDepartmentId, at: now, ip: '203.0.113.7' },
  });

  it('records the new address with the one it replaces, and the next one replaces the new one', () => {
    given([registered])
      .when(regenerate('NewAddress123456'))
      .then([regenerated('NewAddress123456', 'Xk3v9QpLm2RtYw8z')]);
    given([registered, regenerated('NewAddress123456', 'Xk3v9QpLm2RtYw8z')])
      .when(regenerate('ThirdAddress1234'))
      .then([regenerated('ThirdAddress1234', 'NewAddress123456')]);
  });

  it('a paused business may still change its address; a closed or unknown one may not', () => {
    const admin = { adminPhone: '+972542222222', ip: null, at: now, phone: '+972547654321' };
    given([registered, { type: 'BusinessPaused', data: admin }])
      .when(regenerate('NewAddress123456'))
      .then([regenerated('NewAddress123456', 'Xk3v9QpLm2RtYw8z')]);
    given([registered, { type: 'BusinessClosed', data: admin }])
      .when(regenerate('NewAddress123456'))
      .thenThrows(BusinessClosedError);
    given([]).when(regenerate('NewAddress123456')).thenThrows(BusinessNotFoundError);
  });
});

describe('the owner setting opening hours and pausing new orders', () => {
  const phone = '+972547654321';
  const hours: OpeningHours = {
    weekly: [
      [
        { from: '08:00', to: '12:00' },
        { from: '17:00', to: '22:00' },
      ],
      [],
      [],
      [],
      [],
      [],
      [],
    ],
    closedDates: ['2027-04-01'],
    shabbat: { enabled: true, city: 'Tel Aviv' },
    closedOptionalDays: ['2027-05-12'],
  };
  const set: OpeningHoursSet = { type: 'OpeningHoursSet', data: { phone, hours, changedAt: now } };
  const at = '2026-11-27T10:00:00.000Z';

  it('records OpeningHoursSet with the hours', () =>
    given([registered]).when({ type: 'SetOpeningHours', data: { hours, now } }).then([set]));

  it('records nothing when the same hours are saved again', () =>
    given([registered, set]).when({ type: 'SetOpeningHours', data: { hours, now } }).then([]));

  it('records a pause of 15 minutes as its end, counted from the command’s time', () =>
    given([registered])
      .when({ type: 'PauseOrdering', data: { minutes: 15, now: at } })
      .then([{ type: 'OrderingPaused', data: { phone, until: '2026-11-27T10:15:00.000Z', at } }]));

  it('records a pause until resumed without an end', () =>
    given([registered])
      .when({ type: 'PauseOrdering', data: { minutes: null, now: at } })
      .then([{ type: 'OrderingPaused', data: { phone, until: null, at } }]));

  it('records a resume of a running pause', () =>
    given([registered, { type: 'OrderingPaused', data: { phone, until: null, at } }])
      .when({ type: 'ResumeOrdering', data: { now: at } })
      .then([{ type: 'OrderingResumed', data: { phone, at } }]));

  it('records nothing when there is no pause to resume, or it already ended', () => {
    given([registered])
      .when({ type: 'ResumeOrdering', data: { now: at } })
      .then([]);
    given([registered, { type: 'OrderingPaused', data: { phone, until: '2026-11-27T10:15:00.000Z', at } }])
      .when({ type: 'ResumeOrdering', data: { now: '2026-11-27T10:15:00.000Z' } })
      .then([]);
  });

  it('refuses a closed business', () =>
    given([registered, { type: 'BusinessClosed', data: { phone, adminPhone: '+972542222222', ip: null, at: now } }])
      .when({ type: 'PauseOrdering', data: { minutes: 30, now } })
      .thenThrows(BusinessClosedError));
});
describe("the business's address on its tax documents (issue 17)", () => {
  const phone = '+972547654321';
  const change = (street: string, city: string) =>
    ({ type: 'ChangeBusinessAddress', data: { street, city, now } }) as const;
  const changed = (street: string, city: string) => ({
    type: 'BusinessAddressChanged' as const,
    data: { phone, street, city, changedAt: now },
  });

  it('a business registered before addresses were asked gives its address; the same one again records nothing', () => {
    given([registered])
      .when(change('הרצל 12', 'חיפה'))
      .then([changed('הרצל 12', 'חיפה')]);
    given([registered, changed('הרצל 12', 'חיפה')])
      .when(change('הרצל 12', 'חיפה'))
      .then([]);
  });

  it('a registration with an address, moved later, records the move', () => {
    const withAddress: BusinessRegistered = {
      ...registered,
      data: { ...registered.data, address: { street: 'הרצל 12', city: 'חיפה' } },
    };
    given([withAddress]).when(change('הרצל 12', 'חיפה')).then([]);
    given([withAddress])
      .when(change('יפו 3', 'ירושלים'))
      .then([changed('יפו 3', 'ירושלים')]);
  });

  it('a closed business cannot change its address', () =>
    given([registered, { type: 'BusinessClosed', data: { adminPhone: '+972542222222', ip: null, at: now, phone } }])
      .when(change('הרצל 12', 'חיפה'))
      .thenThrows(BusinessClosedError));
});

describe("the own Cardcom terminal's ApiPassword (decision 026)", () => {
  const phone = '+972547654321';
  const password = (set: boolean) => ({ type: 'ChangeCardcomApiPassword', data: { set, now } }) as const;
  const passwordChanged = (set: boolean) => ({
    type: 'CardcomApiPasswordChanged' as const,
    data: { phone, set, changedAt: now },
  });

  it('records that a password was set, every time (a new one replaces the old), never the password', () => {
    given([registered])
      .when(password(true))
      .then([passwordChanged(true)]);
    given([registered, passwordChanged(true)])
      .when(password(true))
      .then([passwordChanged(true)]);
  });

  it('removing a stored password records it; removing none records nothing', () => {
    given([registered, passwordChanged(true)])
      .when(password(false))
      .then([passwordChanged(false)]);
    given([registered]).when(password(false)).then([]);
  });
});
