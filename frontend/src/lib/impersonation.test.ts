import { describe, expect, it } from 'vitest';
import { impersonationFragment, readImpersonationFragment } from './impersonation';

describe('impersonation hand-over fragment', () => {
  it('carries the token and the business, Hebrew included, and reads back the same', () => {
    const business = { phone: '+972523456789', businessName: 'קפה הגפן', departmentId: 'demo' };
    const fragment = impersonationFragment({ token: 'a.b-c_d', business });
    expect(fragment).toMatch(/^impersonate=a\.b-c_d&business=[A-Za-z0-9_-]+$/);
    expect(readImpersonationFragment(`#${fragment}`)).toEqual({ token: 'a.b-c_d', business });
    expect(readImpersonationFragment(fragment)).toEqual({ token: 'a.b-c_d', business });
  });

  it('is nothing without a token, and keeps the token when the business part is broken', () => {
    expect(readImpersonationFragment('')).toBeNull();
    expect(readImpersonationFragment('#main')).toBeNull();
    expect(readImpersonationFragment('#business=e30')).toBeNull();
    expect(readImpersonationFragment('#impersonate=t&business=%%%')).toEqual({ token: 't', business: null });
  });
});
