import type { FastifyBaseLogger } from 'fastify';

type LogArguments = Parameters<FastifyBaseLogger['info']>;
type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/**
 * The request's logger, made only when something is logged (Fastify's `childLoggerFactory`, for every route). Fastify
 * makes a pino child (bound to the request id) for every request; at the default level nothing is written for most
 * requests, and making the child (its bindings serialised, its redaction set up) was a visible share of a small
 * answer's cost: first on the public menu, then on the four requests of every order. What is logged, and with which
 * bindings, is unchanged: the first call that writes makes the very same child. A class, so a request costs one small
 * object.
 */
export class LazyRequestLogger {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Record<string, unknown>,
    private readonly options: object,
  ) {}

  get level(): string {
    return (this.made ?? this.parent).level;
  }

  set level(level: string) {
    this.real().level = level;
  }

  isLevelEnabled(level: string): boolean {
    // pino's loggers say which levels are on; a logger that cannot say is asked every time.
    return (this.parent as unknown as { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled?.(level) ?? true;
  }

  child(bindings: Record<string, unknown>, options?: object): FastifyBaseLogger {
    return this.real().child(bindings, options);
  }

  fatal(...args: LogArguments): void {
    this.write('fatal', args);
  }
  error(...args: LogArguments): void {
    this.write('error', args);
  }
  warn(...args: LogArguments): void {
    this.write('warn', args);
  }
  info(...args: LogArguments): void {
    this.write('info', args);
  }
  debug(...args: LogArguments): void {
    this.write('debug', args);
  }
  trace(...args: LogArguments): void {
    this.write('trace', args);
  }

  private write(level: Level, args: LogArguments): void {
    if (this.isLevelEnabled(level)) this.real()[level](...args);
  }

  private real(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings, this.options));
  }
}

/** Fastify's `childLoggerFactory`: a lazy child for every request. */
export function lazyRequestLogger(
  logger: FastifyBaseLogger,
  bindings: Record<string, unknown>,
  options: object,
): FastifyBaseLogger {
  return new LazyRequestLogger(logger, bindings, options) as unknown as FastifyBaseLogger;
}
