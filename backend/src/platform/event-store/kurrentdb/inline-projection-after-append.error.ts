/**
 * An inline projection failed after KurrentDB had committed the append. Unlike on PostgreSQL nothing rolls back: the
 * events are in the log and this read model lacks them until it is rebuilt from the log. Thrown (never swallowed) so
 * the request fails loudly instead of answering from a read model that is behind; it carries the stored events.
 */
export class InlineProjectionAfterAppendError extends Error {
  readonly streamId: string;
  readonly nextExpectedVersion: number;

  constructor({
    streamId,
    nextExpectedVersion,
    cause,
  }: {
    streamId: string;
    nextExpectedVersion: number;
    cause: unknown;
  }) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(
      `the events of ${streamId} up to version ${nextExpectedVersion} are stored in KurrentDB, ` +
        `but an inline projection failed on them: ${reason}`,
      { cause },
    );
    this.name = 'InlineProjectionAfterAppendError';
    this.streamId = streamId;
    this.nextExpectedVersion = nextExpectedVersion;
  }
}
