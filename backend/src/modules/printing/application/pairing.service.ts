import { Inject, Injectable } from '@nestjs/common';
import { type AgentInfo, type PairAnswer, type PairingCodeAnswer, PAIRING_CODE_TTL_MS } from '@tafrit/contracts';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { EVENT_STORE, type EventStore } from '../../../platform/event-store/event-store.port.js';
import { execute, query } from '../../../platform/event-store/postgres/sql.js';
import { AppError } from '../../../platform/http/app-error.js';
import { LiveHub } from '../realtime/live-hub.js';
import {
  displayPairingCode,
  newAgentId,
  newAgentSecret,
  newPairingCode,
  secretMatches,
  sha256,
} from './agent-credentials.js';
import { recordPrinterEvent } from './printer-events.js';

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
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly hub: LiveHub,
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
      const [claimed] = await query<{ business_id: string; business_name: string }>(
        em,
        `update printer_pairing_codes c set used_at = now()
           from businesses b
          where c.code_hash = ? and c.used_at is null and c.expires_at > now()
            and b.phone = c.business_id and b.closed_at is null
          returning c.business_id, b.business_name`,
        [sha256(code)],
      );
      if (!claimed) throw new AppError('printer.pairing_code_invalid');
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
      await recordPrinterEvent(
        this.store,
        'PrinterPaired',
        {
          businessPhone,
          agentId,
          replacedAgentId: previous?.agent_id ?? null,
          agent,
          pairedAt: new Date().toISOString(),
        },
        { actor: { kind: 'agent', id: agentId }, correlationId, em },
      );
      return { businessPhone, businessName: claimed.business_name, replaced: previous?.agent_id };
    });
    if (result.replaced) this.hub.replaceAgent(result.replaced);
    return { agentId, agentSecret, businessName: result.businessName };
  }

  /** The agent behind an id and secret, if they match a current pairing of an open business. */
  async authenticate(agentId: string, secret: string): Promise<AuthenticatedAgent | undefined> {
    const [row] = await query<{ business_id: string; business_name: string; agent_secret_hash: string | null }>(
      this.database.em(),
      `select p.business_id, b.business_name, p.agent_secret_hash
         from printer_connections p join businesses b on b.phone = p.business_id
        where p.agent_id = ? and b.closed_at is null`,
      [agentId],
    );
    if (!row || !secretMatches(secret, row.agent_secret_hash)) return undefined;
    return { agentId, businessPhone: row.business_id, businessName: row.business_name };
  }
}
