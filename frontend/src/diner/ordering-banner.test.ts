import { describe, expect, it } from 'vitest';
import { opensAtText } from './ordering-banner';
import { heDiner } from './strings';
import ar from './text-ar';
import en from './text-en';
import ru from './text-ru';

describe('when ordering opens, as the diner reads it', () => {
  // Thursday 25 March 2027, 12:00 in Israel.
  const now = new Date('2027-03-25T10:00:00Z');

  it('reads "ייפתח היום ב־…" for today, in Israel time', () => {
    expect(opensAtText('2027-03-25T15:00:00Z', 'he', heDiner.ordering, now)).toBe('ייפתח היום ב־17:00');
  });

  it('says tomorrow for the next day, also after midnight in Israel but before it in UTC', () => {
    expect(opensAtText('2027-03-26T05:00:00Z', 'he', heDiner.ordering, now)).toBe('ייפתח מחר ב־08:00');
    // 22:30 UTC on the 25th is already 00:30 on the 26th in Israel.
    const late = new Date('2027-03-25T22:30:00Z');
    expect(opensAtText('2027-03-26T05:00:00Z', 'he', heDiner.ordering, late)).toBe('ייפתח היום ב־08:00');
  });

  it('names the weekday and date of a later day, after the spring change too', () => {
    // Saturday 27 March, 19:00 UTC is 22:00 in Israel (summer time).
    expect(opensAtText('2027-03-27T19:00:00Z', 'he', heDiner.ordering, now)).toBe('ייפתח ביום שבת, 27.3, ב־22:00');
  });

  it('reads naturally in the other languages', () => {
    const today = '2027-03-25T15:00:00Z';
    const later = '2027-03-27T19:00:00Z';
    expect(opensAtText(today, 'en', en.diner.ordering, now)).toBe('Opens today at 17:00');
    expect(opensAtText('2027-03-26T05:00:00Z', 'en', en.diner.ordering, now)).toBe('Opens tomorrow at 08:00');
    expect(opensAtText(later, 'en', en.diner.ordering, now)).toBe('Opens on Saturday 3/27 at 22:00');
    expect(opensAtText(today, 'ru', ru.diner.ordering, now)).toBe('Откроется сегодня в 17:00');
    expect(opensAtText(later, 'ru', ru.diner.ordering, now)).toBe('Откроется 27.03 (суббота) в 22:00');
    expect(opensAtText(today, 'ar', ar.diner.ordering, now)).toMatch(/^يفتح اليوم الساعة /);
    expect(opensAtText(later, 'ar', ar.diner.ordering, now)).toMatch(/^يفتح يوم السبت .+ الساعة /);
    for (const words of [heDiner.ordering, en.diner.ordering, ru.diner.ordering, ar.diner.ordering])
      expect(opensAtText(today, 'he', words, now)).not.toMatch(/ב־היום|at today|в сегодня/);
  });
});
