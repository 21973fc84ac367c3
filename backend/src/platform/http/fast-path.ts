import { createServer, type IncomingMessage, type Server, type ServerOptions, type ServerResponse } from 'node:http';
import { Global, Module, type DynamicModule } from '@nestjs/common';
import type { FastifyServerOptions } from 'fastify';

/**
 * Answers a request completely and returns true, or returns false and touches nothing (the request then goes to
 * Fastify as usual). Called for every HTTP request before Fastify: it must decide in a few string comparisons.
 */
export type FastPathHandler = (request: IncomingMessage, response: ServerResponse) => boolean;

/**
 * Answers that are already made (the cached public menu) served straight from Node's HTTP server, in front of Fastify
 * and Nest, like a micro-cache in front of an application server (docs/decisions/012-public-menu-fast-path.md).
 *
 * What every answer of the application carries must be added by each handler from the same sources: the security
 * headers of a data answer (`commonHeaders`, the JSON set of `registerSecurityHeaders`) and the request id (`requestIdFor`,
 * a caller's `x-request-id` kept when sane). Request logging is Fastify's: while the logger writes `info` lines (one per request), handlers are not
 * consulted at all, so the access log never misses a request.
 */
export class HttpFastPath {
  private readonly handlers: FastPathHandler[] = [];
  private securityHeaders: Record<string, string> | undefined;
  /** Answers given here, which Fastify's hooks never see (read by `tafrit_http_fast_path_answers_total`). */
  answered = 0;

  constructor(private readonly logsRequests: () => boolean) {}

  /** The headers every answer carries; until they are known the fast path stays closed. */
  setSecurityHeaders(headers: Record<string, string>): void {
    this.securityHeaders = headers;
  }

  use(handler: FastPathHandler): void {
    this.handlers.push(handler);
  }

  /** The security headers every JSON answer of the application carries; a fast answer adds its own. */
  commonHeaders(): Record<string, string> {
    if (!this.securityHeaders) throw new Error('the fast path answered before the security headers were known');
    return this.securityHeaders;
  }

  /**
   * Fastify's `serverFactory`: the same HTTP server Fastify would make (its timeouts included), with the fast path
   * consulted first. socket.io attaches to this server later and still sees its own requests before anyone.
   */
  readonly serverFactory = (
    fastifyHandler: (request: IncomingMessage, response: ServerResponse) => void,
    options: FastifyServerOptions,
  ): Server => {
    const server = createServer((options as { http?: ServerOptions }).http ?? {}, (request, response) => {
      if (this.serve(request, response)) return;
      fastifyHandler(request, response);
    });
    if (options.keepAliveTimeout !== undefined) server.keepAliveTimeout = options.keepAliveTimeout;
    if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout;
    if (options.connectionTimeout !== undefined) server.setTimeout(options.connectionTimeout);
    return server;
  };

  private serve(request: IncomingMessage, response: ServerResponse): boolean {
    if (this.handlers.length === 0 || !this.securityHeaders || this.logsRequests()) return false;
    for (const handler of this.handlers) {
      if (handler(request, response)) {
        this.answered++;
        return true;
      }
    }
    return false;
  }
}

/** Hands the process's one `HttpFastPath` (made with the Fastify adapter, in app.factory.ts) to the modules. */
@Global()
@Module({})
export class HttpFastPathModule {
  static forRoot(fastPath: HttpFastPath): DynamicModule {
    return {
      module: HttpFastPathModule,
      providers: [{ provide: HttpFastPath, useValue: fastPath }],
      exports: [HttpFastPath],
    };
  }
}
