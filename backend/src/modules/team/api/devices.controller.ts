import { Controller, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { type ApiSuccess, type DevicePaired, pairDeviceSchema, success } from '@tafrit/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RateLimitRule } from '../../../platform/auth/ip-rate-limiter.js';
import { RefreshCookies } from '../../../platform/auth/refresh-cookies.js';
import { clientOf } from '../../../platform/auth/request-client.js';
import { BodyOf, type Parsed } from '../../../platform/http/contract.js';
import { RateLimited } from '../../../platform/http/rate-limited.js';
import { SessionIssuer } from '../../accounts/index.js';
import { PairScreenCommand } from '../application/pair-screen.handler.js';

// As the printing agent's pairing: a 40-bit code, ten tries per address in fifteen minutes.
const PAIR_SCREEN_PER_IP: RateLimitRule = { name: 'screen-pair', limit: 10, windowMs: 15 * 60_000 };

/**
 * `POST /api/devices/pair` (issue 31): a tablet enters the code from Settings and a name, and becomes a kitchen screen
 * of that business. No phone, no SMS: the single-use code is the proof. The answer's token is the screen's refresh
 * credential, also set as its HttpOnly cookie; `POST /api/auth/refresh` turns it into 15-minute access tokens until
 * the screen is revoked from the team list.
 */
@Controller('api/devices')
export class DevicesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly issuer: SessionIssuer,
    private readonly cookies: RefreshCookies,
  ) {}

  @Post('pair')
  @RateLimited(PAIR_SCREEN_PER_IP)
  async pair(
    @BodyOf(pairDeviceSchema) { code, name }: Parsed<typeof pairDeviceSchema>,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ApiSuccess<DevicePaired>> {
    const { businessPhone, screenId } = await this.commands.execute<
      PairScreenCommand,
      { businessPhone: string; screenId: string }
    >(new PairScreenCommand(code, name, request.id));
    const signed = await this.issuer.signInScreen({ businessPhone, screenId, client: clientOf(request) });
    this.cookies.set(reply, 'owner', signed.refresh.token, signed.refresh.expiresAt);
    return success({ token: signed.refresh.token });
  }
}
