import { type ErrorCode, httpStatusFor, messageFor } from '@tafrit/contracts';

/**
 * The one error type application code throws on purpose. The exception filter renders it as the envelope of
 * DESIGN.md §5 with its stable code; the message defaults to the Hebrew catalogue in contracts.
 */
export class AppError extends Error {
  readonly status: number;
  readonly fields: Record<string, string> | undefined;
  readonly headers: Record<string, string> | undefined;
  /** What the client needs to recover (the new total of a repriced cart): sent as the envelope's `data`. */
  readonly data: unknown;

  constructor(
    readonly code: ErrorCode,
    options: {
      message?: string;
      status?: number;
      fields?: Record<string, string>;
      headers?: Record<string, string>;
      data?: unknown;
    } = {},
  ) {
    super(options.message ?? messageFor(code));
    this.name = 'AppError';
    this.status = options.status ?? httpStatusFor(code);
    this.fields = options.fields;
    this.headers = options.headers;
    this.data = options.data;
  }
}
