import '@fastify/cookie';
import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { APP_CONFIG } from '../../../config/config.module.js';
import type { AppConfig } from '../../../config/config.js';

const COOKIE = 'tafrit_diner';
// Only the ordering calls read it; no page script ever sees it.
const COOKIE_PATH = '/api';
const LIFETIME_SECONDS = 24 * 60 * 60;
const VALID = /^[A-Za-z0-9_-]{32}$/;

/**
 * The diner's browser session: a random id in an HttpOnly cookie, set by the first checkout. It is what makes an
 * order "mine" for the thank-you page (DESIGN.md §4 step 8): the `sessionId` a client writes into its cart is only a
 * label and proves nothing.
 */
@Injectable()
export class DinerSessions {
  private readonly secure: boolean;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.secure = config.publicUrl.startsWith('https://');
  }

  read(request: FastifyRequest): string | undefined {
    const value = request.cookies[COOKIE];
    return value && VALID.test(value) ? value : undefined;
  }

  /** The request's session, or a new one set on the reply; the cookie's lifetime starts again with each checkout. */
  ensure(request: FastifyRequest, reply: FastifyReply): string {
    const id = this.read(request) ?? randomBytes(24).toString('base64url');
    void reply.setCookie(COOKIE, id, {
      httpOnly: true,
      secure: this.secure,
      sameSite: 'lax',
      path: COOKIE_PATH,
      maxAge: LIFETIME_SECONDS,
    });
    return id;
  }
}
