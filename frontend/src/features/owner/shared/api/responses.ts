import { uiMessagesHe } from '@tafrit/contracts/messages.he';
import type { z } from 'zod';

/** The server answered 2xx with a body that is not what the contract promises (spec §8: "invalid response"). */
export class InvalidResponseError extends Error {
  override readonly name = 'InvalidResponseError';
  constructor() {
    super(uiMessagesHe.invalidServerResponse);
  }
}

/** The `data` of a success envelope, checked against its contract; anything else is an InvalidResponseError. */
export function dataOf<T extends z.ZodType>(schema: T, response: unknown): z.output<T> {
  const data = typeof response === 'object' && response !== null && 'data' in response ? response.data : undefined;
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new InvalidResponseError();
  return parsed.data;
}
