import { fastifyCookie } from '@fastify/cookie';
import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.js';

const COOKIE = 'tafrit_diner';
// The ordering calls read it; no page script ever sees it (HttpOnly).
const COOKIE_PATH = '/api';
// The thank-you page's request carries it too, so the server can draw the diner's own order into the page (decision
// 031): a second cookie of the same value, sent with that page only.
const PAGE_COOKIE_PATH = '/thank-you';
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

  /** The session of a page request, from its raw Cookie header (the page renderer has no parsed cookies). */
  static fromCookieHeader(header: string | undefined): string | undefined {
    const value = header ? fastifyCookie.parse(header)[COOKIE] : undefined;
    return value && VALID.test(value) ? value : undefined;
  }

  /** The request's session, or a new one set on the reply; the cookie's lifetime starts again with each checkout. */
  ensure(request: FastifyRequest, reply: FastifyReply): string {
    const id = this.read(request) ?? randomBytes(24).toString('base64url');
    for (const path of [COOKIE_PATH, PAGE_COOKIE_PATH]) {
      void reply.setCookie(COOKIE, id, {
        httpOnly: true,
        secure: this.secure,
        sameSite: 'lax',
        path,
        maxAge: LIFETIME_SECONDS,
      });
    }
    return id;
  }
}
