import { describe, expect, it } from 'vitest';
import { EVENT_TIME_FIELDS, EVENTS_WITHOUT_TIME_FIELD } from './event-times.js';
import { ORDER_EVENT_TYPES, orderEventDataSchemas } from './order-events.js';

type Shape = Record<string, { safeParse: (value: unknown) => { success: boolean } }>;

describe("an event's own time", () => {
  it('is named for every order event but those said to have none', () => {
    const named = ORDER_EVENT_TYPES.filter((type) => EVENT_TIME_FIELDS[type] !== undefined);
    expect([...named, ...EVENTS_WITHOUT_TIME_FIELD].sort()).toEqual([...ORDER_EVENT_TYPES].sort());
    expect(named.filter((type) => EVENTS_WITHOUT_TIME_FIELD.includes(type))).toEqual([]);
  });

  it('is a required instant of its event, so the log may keep it in the metadata only', () => {
    for (const [type, field] of Object.entries(EVENT_TIME_FIELDS)) {
      const shape = orderEventDataSchemas[type as keyof typeof orderEventDataSchemas].shape as Shape;
      const schema = shape[field as string];
      expect({ type, field, has: schema !== undefined }).toEqual({ type, field, has: true });
      expect({ type, missing: schema!.safeParse(undefined).success }).toEqual({ type, missing: false });
      expect({ type, instant: schema!.safeParse('2026-12-01T10:00:00.000Z').success }).toEqual({ type, instant: true });
      expect({ type, text: schema!.safeParse('noon').success }).toEqual({ type, text: false });
    }
  });
});
