import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { type AgentInfo, type PairAnswer, type PairingCodeAnswer, PAIRING_CODE_TTL_MS } from '@tafrit/contracts';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { execute, query } from '../../../platform/database/sql.js';
import { AppError } from '../../../platform/http/app-error.js';
import { BusinessReader } from '../../accounts/index.js';
import { LiveHub } from '../realtime/live-hub.js';
import {
  displayPairingCode,
  newAgentId,
  newAgentSecret,
  newPairingCode,
  secretMatches,
  sha256,
} from './agent-credentials.js';
import { RecordPrinterEventCommand } from './record-printer-event.handler.js';

export interface AuthenticatedAgent {
  agentId: string;
  businessPhone: string;
  businessName: string;
}

/**
 * Pairing: the owner asks for a one-time code in Settings, the agent trades it for its own id and secret. One agent per
 * business: pairing again replaces the old agent, whose secret stops working at once and whose sockets are dropped.
 */
@Injectable()
export class PairingService {
  constructor(
    @Inject(DATABASE) private readonly database: Database,
    private readonly commands: CommandBus,
    private readonly hub: LiveHub,
    private readonly businesses: BusinessReader,
  ) {}

  async createCode(businessPhone: string, now = new Date()): Promise<PairingCodeAnswer> {
    const em = this.database.em();
    const code = newPairingCode();
    const expiresAt = new Date(now.getTime() + PAIRING_CODE_TTL_MS);
    // Old codes of this business are of no use once a new one is shown: one live code at a time.
    await execute(em, `delete from printer_pairing_codes where business_id = ? and used_at is null`, [businessPhone]);
    await execute(em, `insert into printer_pairing_codes (code_hash, business_id, expires_at) values (?, ?, ?)`, [
      sha256(code),
      businessPhone,
      expiresAt,
    ]);
    return { code: displayPairingCode(code), expiresAt: expiresAt.toISOString() };
  }

  /** `code` is already normalised by the contract's schema (8 characters, upper case). */
  async pair(code: string, agent: AgentInfo, correlationId: string): Promise<PairAnswer> {
    const agentId = newAgentId();
    const agentSecret = newAgentSecret();
    const result = await this.database.em().transactional(async (em) => {
      // Used once: the update that marks it is the check, so two agents racing with one code cannot both win.
      const [claimed] = await query<{ business_id: string }>(
        em,
        `update printer_pairing_codes set used_at = now()
          where code_hash = ? and used_at is null and expires_at > now()
          returning business_id`,
        [sha256(code)],
      );
      // A closed business's code is refused like an unknown one; throwing rolls the claim back with the rest.
      const business = claimed ? await this.businesses.byPhone(claimed.business_id, em) : undefined;
      if (!claimed || !business || business.closedAt) throw new AppError('printer.pairing_code_invalid');
      const businessPhone = claimed.business_id;
      const [previous] = await query<{ agent_id: string }>(
        em,
        `select agent_id from printer_connections where business_id = ? for update`,
        [businessPhone],
      );
      await execute(
        em,
        `insert into printer_connections (business_id, agent_id, agent_secret_hash, printer_name, printer_type,
           connection_type, agent_version, operating_system, is_online, connection_id, paired_at, updated_at)
         values (?, ?, ?, ?, ?, ?, ?, ?, false, null, now(), now())
         on conflict (business_id) do update set agent_id = excluded.agent_id,
           agent_secret_hash = excluded.agent_secret_hash, printer_name = excluded.printer_name,
           printer_type = excluded.printer_type, connection_type = excluded.connection_type,
           agent_version = excluded.agent_version, operating_system = excluded.operating_system,
           is_online = false, connection_id = null, paired_at = now(), updated_at = now()`,
        [
          businessPhone,
          agentId,
          sha256(agentSecret),
          agent.printerName,
          agent.printerType,
          agent.connectionType,
          agent.agentVersion,
          agent.operatingSystem,
        ],
      );
      await this.commands.execute(
        new RecordPrinterEventCommand(
          'PrinterPaired',
          {
            businessPhone,
            agentId,
            replacedAgentId: previous?.agent_id ?? null,
            agent,
            pairedAt: new Date().toISOString(),
          },
          { actor: { kind: 'agent', id: agentId }, correlationId, em },
        ),
      );
      return { businessPhone, businessName: business.businessName, replaced: previous?.agent_id };
    });
    if (result.replaced) this.hub.replaceAgent(result.replaced);
    return { agentId, agentSecret, businessName: result.businessName };
  }

  /** The agent behind an id and secret, if they match a current pairing of an open business. */
  async authenticate(agentId: string, secret: string): Promise<AuthenticatedAgent | undefined> {
    const em = this.database.em();
    const [row] = await query<{ business_id: string; agent_secret_hash: string | null }>(
      em,
      `select business_id, agent_secret_hash from printer_connections where agent_id = ?`,
      [agentId],
    );
    if (!row || !secretMatches(secret, row.agent_secret_hash)) return undefined;
    const business = await this.businesses.byPhone(row.business_id, em);
    if (!business || business.closedAt) return undefined;
    return { agentId, businessPhone: row.business_id, businessName: business.businessName };
  }
}
