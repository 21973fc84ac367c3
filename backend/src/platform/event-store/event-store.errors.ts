import type { ExpectedVersion } from './event-store.port.js';

/**
 * Another writer appended to the stream since the caller read it (or the stream exists when it must not). Never a
 * lost update: the caller reloads and decides again, or answers 409 with the stable code.
 */
export class StreamVersionConflictError extends Error {
  static readonly code = 'stream.conflict';
  readonly code = StreamVersionConflictError.code;
  readonly streamId: string;
  readonly expected: ExpectedVersion;
  /** The stream's version when the conflict was detected; 0 means the stream does not exist. */
  readonly actual: number;

  constructor({ streamId, expected, actual }: { streamId: string; expected: ExpectedVersion; actual: number }) {
    super(`stream ${streamId} is at version ${actual}, expected ${String(expected)}`);
    this.name = 'StreamVersionConflictError';
    this.streamId = streamId;
    this.expected = expected;
    this.actual = actual;
  }
}
