import { Controller, Get, HttpCode, Post, Req } from '@nestjs/common';
import {
  AGENT_AUTH_SCHEME,
  type AgentStatusAnswer,
  type AgentTestSlipAnswer,
  type ApiSuccess,
  type PairAnswer,
  pairRequestSchema,
  success,
} from '@tafrit/contracts';
import type { FastifyRequest } from 'fastify';
import { IpRateLimiter, type RateLimitRule } from '../../../platform/auth/ip-rate-limiter.js';
import { AppError } from '../../../platform/http/app-error.js';
import { BodyOf, type Parsed } from '../../../platform/http/contract.js';
import { RateLimited } from '../../../platform/http/rate-limited.js';
import { type AuthenticatedAgent, PairingService } from '../application/pairing.service.js';
import { PrinterPresence } from '../application/printer-presence.service.js';
import { SlipDelivery } from '../application/slip-delivery.service.js';
import { PrintSlipsQuery } from '../application/print-slips.query.js';

/** A code is 8 characters of a 31-letter alphabet; ten tries a quarter hour per address leaves guessing hopeless. */
const PAIR_PER_IP: RateLimitRule = { name: 'printer-pair', limit: 10, windowMs: 15 * 60_000 };
const AGENT_CALLS_PER_IP: RateLimitRule = { name: 'printer-agent', limit: 60, windowMs: 60_000 };

/** The agent's own HTTP calls: pairing (the code is the proof) and, with its credential, status and a test slip. */
@Controller('api/printer')
export class AgentApiController {
  constructor(
    private readonly pairing: PairingService,
    private readonly presence: PrinterPresence,
    private readonly delivery: SlipDelivery,
    private readonly slips: PrintSlipsQuery,
    private readonly limiter: IpRateLimiter,
  ) {}

  @Post('pair')
  @HttpCode(200)
  @RateLimited(PAIR_PER_IP)
  async pair(
    @BodyOf(pairRequestSchema) { code, agent }: Parsed<typeof pairRequestSchema>,
    @Req() request: FastifyRequest,
  ): Promise<ApiSuccess<PairAnswer>> {
    return success(await this.pairing.pair(code, agent, request.id));
  }

  @Get('agent/status')
  async status(@Req() request: FastifyRequest): Promise<ApiSuccess<AgentStatusAnswer>> {
    const agent = await this.agentOf(request);
    const printer = await this.presence.status(agent.businessPhone);
    return success({
      businessName: agent.businessName,
      isOnline: printer.isOnline,
      lastSeen: printer.lastSeen,
      printerName: printer.printerName,
      paperWidth: await this.presence.paperWidth(agent.businessPhone),
      pendingSlips: await this.slips.pendingCount(agent.businessPhone),
    });
  }

  /** The agent's `test-print` command prints this itself, so it works before the agent ever connected. */
  @Post('agent/test-slip')
  @HttpCode(200)
  async testSlip(@Req() request: FastifyRequest): Promise<ApiSuccess<AgentTestSlipAnswer>> {
    const agent = await this.agentOf(request);
    return success(await this.delivery.testPrint(agent.businessPhone));
  }

  private async agentOf(request: FastifyRequest): Promise<AuthenticatedAgent> {
    await this.limiter.consume(AGENT_CALLS_PER_IP, request.ip);
    const header = request.headers.authorization;
    const match =
      typeof header === 'string' ? new RegExp(`^${AGENT_AUTH_SCHEME} ([^:\\s]+):(\\S+)$`).exec(header) : null;
    const agent = match?.[1] && match[2] ? await this.pairing.authenticate(match[1], match[2]) : undefined;
    if (!agent) throw new AppError('printer.agent_credential_invalid');
    return agent;
  }
}
