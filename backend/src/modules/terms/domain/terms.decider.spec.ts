import { describe, it } from '@jest/globals';
import { deciderSpec } from '../../../../test/support/decider-spec.js';
import { type ChangeTerms, type PublishDefaultTerms, termsDecider, type TermsChanged } from './terms.decider.js';

const { given } = deciderSpec(termsDecider);

const change = (content: string, now = '2026-11-21T10:00:00.000Z'): ChangeTerms => ({
  type: 'ChangeTerms',
  data: { content, adminPhone: '+972547654321', ip: '10.0.0.9', now },
});
const changed = (content: string, at = '2026-11-21T10:00:00.000Z'): TermsChanged => ({
  type: 'TermsChanged',
  data: { content, adminPhone: '+972547654321', ip: '10.0.0.9', at },
});

describe('the terms of use', () => {
  it('the first save records the text with who, from where and when', () =>
    given([])
      .when(change('סעיף 1'))
      .then([changed('סעיף 1')]));

  it('a changed text is a new version', () =>
    given([changed('סעיף 1')])
      .when(change('סעיף 1\n\nסעיף 2'))
      .then([changed('סעיף 1\n\nסעיף 2')]));

  it('saving the current text again records nothing', () =>
    given([changed('ישן'), changed('סעיף 1')])
      .when(change('סעיף 1'))
      .then([]));

  it('going back to an older text is a new version', () =>
    given([changed('ישן'), changed('חדש')])
      .when(change('ישן'))
      .then([changed('ישן')]));

  const publishDefault: PublishDefaultTerms = {
    type: 'PublishDefaultTerms',
    data: { content: 'תנאי ברירת מחדל', author: 'system', now: '2026-11-21T09:00:00.000Z' },
  };

  it('a fresh installation gets the default terms as its first version', () =>
    given([])
      .when(publishDefault)
      .then([
        {
          type: 'TermsChanged',
          data: { content: 'תנאי ברירת מחדל', adminPhone: 'system', ip: null, at: '2026-11-21T09:00:00.000Z' },
        },
      ]));

  it('the default never replaces terms that exist, the default itself or an administrator’s', () =>
    given([changed('סעיף 1')])
      .when(publishDefault)
      .then([]));
});
