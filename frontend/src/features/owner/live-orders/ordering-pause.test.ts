import { describe, expect, it } from 'vitest';
import { minutesLeft } from './ordering-pause';

describe('the time left of a pause', () => {
  it('counts whole minutes up, never below zero, and none for a pause until resumed', () => {
    const now = Date.parse('2027-06-01T09:00:00Z');
    expect(minutesLeft('2027-06-01T09:30:00Z', now)).toBe(30);
    expect(minutesLeft('2027-06-01T09:00:30Z', now)).toBe(1);
    expect(minutesLeft('2027-06-01T08:59:00Z', now)).toBe(0);
    expect(minutesLeft(null, now)).toBeNull();
  });
});
