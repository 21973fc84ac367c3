import { zodIssuesToFields } from '@tafrit/contracts';
import type { z } from 'zod';
import { AppError } from './app-error.js';

/** Validates a request part with the shared contract schema; a failure is a 400 with every field's Hebrew message. */
export function parseWith<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw new AppError('validation.failed', { fields: zodIssuesToFields(result.error) });
  return result.data;
}
