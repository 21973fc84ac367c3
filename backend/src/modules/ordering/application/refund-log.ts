import { Logger } from '@nestjs/common';
import { isErrorCode } from '@tafrit/contracts';
import { isDatabaseTransientError } from '../../../platform/database/database-errors.js';
import { AppError } from '../../../platform/http/app-error.js';

const logger = new Logger('Refunds');

/**
 * A refund's write to the event log. A refusal the order's rules or the store name (an AppError, a coded domain error,
 * the database down) passes as it is; anything else means the log could not take the write (a full disk, a trigger,
 * a dropped transaction): the owner is answered 503 `refund.not_recorded` ("try again"), never a bare 500. Nothing is
 * lost by it: a request not written held nothing, and a refund whose answer was not written stays requested until
 * the sweep or the owner's retry completes it.
 */
export async function writeRefund<T>(what: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof AppError || isDatabaseTransientError(error)) throw error;
    if (isErrorCode((error as { code?: unknown } | null)?.code)) throw error;
    logger.error(`the event log refused ${what}: ${String(error)}`);
    throw new AppError('refund.not_recorded', { headers: { 'retry-after': '5' } });
  }
}
