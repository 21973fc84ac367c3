import '@fastify/cookie';
import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.js';
import type { Audience } from './principals.js';

// Separate cookies, so an administrator who opens a business in another tab keeps their own session.
const COOKIE_NAMES: Readonly<Record<Audience, string>> = { owner: 'tafrit_refresh', admin: 'tafrit_admin_refresh' };
// Only the refresh and logout calls ever carry the cookie: no other request (and no page script) sees it.
const COOKIE_PATH = '/api/auth';

/**
 * The refresh token's cookie: HttpOnly (no script reads it), SameSite Lax (no cross-site POST carries it), Secure when
 * the product is served over https, and living exactly as long as the session's absolute lifetime.
 */
@Injectable()
export class RefreshCookies {
  private readonly secure: boolean;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.secure = config.publicUrl.startsWith('https://');
  }

  static nameFor(audience: Audience): string {
    return COOKIE_NAMES[audience];
  }

  read(request: FastifyRequest, audience: Audience): string | undefined {
    const value = request.cookies[COOKIE_NAMES[audience]];
    return value && value.length <= 128 ? value : undefined;
  }

  set(reply: FastifyReply, audience: Audience, token: string, expiresAt: Date): void {
    void reply.setCookie(COOKIE_NAMES[audience], token, {
      httpOnly: true,
      secure: this.secure,
      sameSite: 'lax',
      path: COOKIE_PATH,
      expires: expiresAt,
    });
  }

  clear(reply: FastifyReply, audience: Audience): void {
    void reply.clearCookie(COOKIE_NAMES[audience], {
      httpOnly: true,
      secure: this.secure,
      sameSite: 'lax',
      path: COOKIE_PATH,
    });
  }
}
