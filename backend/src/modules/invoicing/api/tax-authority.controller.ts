import { Controller, Delete, Get, HttpCode, Inject, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import {
  type ApiSuccess,
  success,
  TAX_AUTHORITY_RESULT_PARAM,
  taxAuthorityCallbackSchema,
  type TaxAuthorityConnectAnswer,
  type TaxAuthorityResult,
  type TaxAuthorityStatus,
} from '@tafrit/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { APP_CONFIG } from '../../../config/config.module.js';
import type { AppConfig } from '../../../config/config.js';
import { AdminGuard, OwnerGuard } from '../../../platform/auth/guards.js';
import type { RateLimitRule } from '../../../platform/auth/ip-rate-limiter.js';
import { Permission } from '../../../platform/auth/permission.js';
import { CurrentOwner, type OwnerPrincipal } from '../../../platform/auth/principals.js';
import { RateLimited } from '../../../platform/http/rate-limited.js';
import { STATE_TTL_MS, TaxAuthorityConnections } from '../allocation/tax-authority-connections.js';

const PLATFORM = 'platform';
/** Where the callback is registered (TAX_AUTHORITY_REDIRECT_URI's default); the state's cookie goes only there. */
export const TAX_AUTHORITY_CALLBACK_PATH = '/api/owner/tax-authority/callback';
const STATE_COOKIE = 'tafrit_tax_authority_state';
/** The page each kind of seller comes back to. */
const OWNER_PAGE = '/settings';
const ADMIN_PAGE = '/admin-dashboard';
/** The browser's way back from the Authority, per address: a person comes back once per connect. */
export const TAX_AUTHORITY_CALLBACK_PER_IP: RateLimitRule = {
  name: 'tax-authority-callback',
  limit: 20,
  windowMs: 10 * 60_000,
};

/**
 * The state is also set in an HttpOnly cookie of this browser, sent only to the callback: a state (with a code) that
 * reaches the callback in another browser, say another business's owner's, keeps no grant (login CSRF). SameSite Lax
 * still sends it on the Authority's redirect, a top-level GET.
 */
function rememberState(reply: FastifyReply, state: string, secure: boolean): void {
  void reply.setCookie(STATE_COOKIE, state, {
    httpOnly: true,
    secure,
    sameSite: 'lax',
    path: TAX_AUTHORITY_CALLBACK_PATH,
    maxAge: STATE_TTL_MS / 1000,
  });
}

/** Settings' "connect to the Tax Authority" card, for the business's own grant (its phone is the seller). */
@Controller('api/owner/tax-authority')
@UseGuards(OwnerGuard)
@Permission('settings.edit')
export class OwnerTaxAuthorityController {
  private readonly secure: boolean;

  constructor(
    private readonly connections: TaxAuthorityConnections,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.secure = config.publicUrl.startsWith('https://');
  }

  @Get()
  @Permission('settings.read')
  async status(@CurrentOwner() owner: OwnerPrincipal): Promise<ApiSuccess<TaxAuthorityStatus>> {
    return success(await this.connections.status(owner.phone));
  }

  @Post('connect')
  @HttpCode(200)
  async connect(
    @CurrentOwner() owner: OwnerPrincipal,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ApiSuccess<TaxAuthorityConnectAnswer>> {
    const { url, state } = await this.connections.start(owner.phone);
    rememberState(reply, state, this.secure);
    return success({ url });
  }

  @Delete()
  async disconnect(@CurrentOwner() owner: OwnerPrincipal): Promise<ApiSuccess<TaxAuthorityStatus>> {
    await this.connections.disconnect(owner.phone);
    return success(await this.connections.status(owner.phone));
  }
}

/** The administrator's card for the platform's own grant (the seller of the monthly commission invoices). */
@Controller('api/admin/tax-authority')
@UseGuards(AdminGuard)
export class AdminTaxAuthorityController {
  private readonly secure: boolean;

  constructor(
    private readonly connections: TaxAuthorityConnections,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.secure = config.publicUrl.startsWith('https://');
  }

  @Get()
  async status(): Promise<ApiSuccess<TaxAuthorityStatus>> {
    return success(await this.connections.status(PLATFORM));
  }

  @Post('connect')
  @HttpCode(200)
  async connect(@Res({ passthrough: true }) reply: FastifyReply): Promise<ApiSuccess<TaxAuthorityConnectAnswer>> {
    const { url, state } = await this.connections.start(PLATFORM);
    rememberState(reply, state, this.secure);
    return success({ url });
  }

  @Delete()
  async disconnect(): Promise<ApiSuccess<TaxAuthorityStatus>> {
    await this.connections.disconnect(PLATFORM);
    return success(await this.connections.status(PLATFORM));
  }
}

/**
 * `GET /api/owner/tax-authority/callback?code=&state=`: the browser back from the Authority, without a bearer token
 * (the state, bound to the seller and to this browser's cookie, is the proof). Always a 303 to the seller's page with
 * `?taxAuthority=connected` or `failed`; a missing or malformed query, or an unknown state, goes to the owner's page.
 */
@Controller('api/owner/tax-authority')
export class TaxAuthorityCallbackController {
  private readonly secure: boolean;

  constructor(
    private readonly connections: TaxAuthorityConnections,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.secure = config.publicUrl.startsWith('https://');
  }

  @Get('callback')
  @RateLimited(TAX_AUTHORITY_CALLBACK_PER_IP)
  async callback(@Query() query: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    void reply.clearCookie(STATE_COOKIE, {
      httpOnly: true,
      secure: this.secure,
      sameSite: 'lax',
      path: TAX_AUTHORITY_CALLBACK_PATH,
    });
    // The page it leads to holds no secret, but the query did (the code): not kept by the browser's history or cache.
    void reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    const parsed = taxAuthorityCallbackSchema.safeParse(query);
    if (!parsed.success) return this.back(reply, null, 'failed');
    const cookie = request.cookies[STATE_COOKIE];
    const outcome = await this.connections.finish(parsed.data, typeof cookie === 'string' ? cookie : undefined);
    return this.back(reply, outcome.seller, outcome.connected ? 'connected' : 'failed');
  }

  private async back(reply: FastifyReply, seller: string | null, result: TaxAuthorityResult): Promise<void> {
    const page = seller === PLATFORM ? ADMIN_PAGE : OWNER_PAGE;
    await reply.redirect(`${page}?${TAX_AUTHORITY_RESULT_PARAM}=${result}`, 303);
  }
}
