import { describe, expect, it } from 'vitest';
import { ORDER_EVENT_TYPES, orderEventDataSchemas, orderStreamId } from './order-events.js';
import { STREAM_SUBJECT_FIELDS } from './stream-subjects.js';

describe("an order stream's subject", () => {
  it('is a field every order event requires, so the log may keep it in the stream id only', () => {
    const field = STREAM_SUBJECT_FIELDS['order'] as string;
    expect(orderStreamId('5f1c')).toBe('order-5f1c');
    for (const type of ORDER_EVENT_TYPES) {
      const shape = orderEventDataSchemas[type].shape as Record<string, { safeParse: (value: unknown) => unknown }>;
      expect({ type, has: field in shape }).toEqual({ type, has: true });
      expect({ type, required: (shape[field]!.safeParse(undefined) as { success: boolean }).success }).toEqual({
        type,
        required: false,
      });
    }
  });
});
