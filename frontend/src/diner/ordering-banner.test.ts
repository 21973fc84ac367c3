import { describe, expect, it } from 'vitest';
import { opensAtText } from './ordering-banner';

describe('when ordering opens, as the diner reads it', () => {
  const now = new Date('2027-03-25T10:00:00Z');

  it('says the hour alone for today, in Israel time', () => {
    expect(opensAtText('2027-03-25T15:00:00Z', 'he', 'היום', now)).toBe('היום 17:00');
  });

  it('names the day for a later one, after the spring change too', () => {
    // Friday 26 March 2027 is the first day of summer time: 05:00 UTC is 08:00 in Israel.
    expect(opensAtText('2027-03-26T05:00:00Z', 'en', 'today', now)).toMatch(/Friday.*08:00/);
  });
});
