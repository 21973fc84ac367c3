import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  type AgentInfo,
  DEFAULT_PAPER_WIDTH,
  type PaperWidth,
  type PrinterConnectionType,
  type PrinterSettingsAnswer,
  type PrinterStatusAnswer,
  PRINTER_OFFLINE_AFTER_MS,
} from '@tafrit/contracts';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { execute, query } from '../../../platform/database/sql.js';
import { LIVE_EVENTS_KEPT_MS } from './live-journal.js';
import type { AuthenticatedAgent } from './pairing.service.js';
import { RecordPrinterEventCommand } from './record-printer-event.handler.js';

const SWEEP_EVERY_MS = 10_000;
/** The live journal's pruning, by its index on `created_at` (migration 20261130000100), never a whole-table scan. */
export const PRUNE_LIVE_EVENTS_SQL = 'delete from live_events where created_at < ?';
/**
 * The most slips one sweep deletes. The journal was pruned from its start; the slips were kept for good until decision
 * 074, so the first sweeps after it find a year of them. Bounded, a sweep stays a short statement and the backlog
 * goes in minutes (the bench's year, a million slips, in a hundred sweeps: about seventeen minutes).
 */
export const PRUNE_PRINT_SLIPS_BATCH = 10_000;
/** The slips' pruning (decision 074): by their index on when they were queued (migration 20261207002000). */
export const PRUNE_PRINT_SLIPS_SQL = `delete from print_slips where slip_id in (
  select slip_id from print_slips where queued_at < ? limit ${PRUNE_PRINT_SLIPS_BATCH})`;

interface ConnectionRow {
  is_online: boolean;
  last_seen: Date | null;
  printer_name: string | null;
}

/**
 * Whether a business's printer is online follows its agent's socket: online on connect, offline on disconnect, and
 * offline after 45 s of silence even when no disconnect arrives (the instance holding the socket crashed, or the
 * network died without a FIN). Each change is recorded as `PrinterOnline` / `PrinterOffline`.
 */
@Injectable()
export class PrinterPresence implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('PrinterPresence');
  private timer: NodeJS.Timeout | undefined;

  constructor(
    @Inject(DATABASE) private readonly database: Database,
    private readonly commands: CommandBus,
  ) {}

  onModuleInit(): void {
    this.database.onFirstReady('printer-presence', async () => {
      this.timer = setInterval(() => void this.sweepQuietly(), SWEEP_EVERY_MS);
      this.timer.unref();
    });
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  async connected(agent: AuthenticatedAgent, info: AgentInfo, connectionId: string): Promise<void> {
    await execute(
      this.database.em(),
      `update printer_connections set is_online = true, last_seen = now(), connection_id = ?, printer_name = ?,
         printer_type = ?, connection_type = ?, agent_version = ?, operating_system = ?, updated_at = now()
       where agent_id = ?`,
      [
        connectionId,
        info.printerName,
        info.printerType,
        info.connectionType,
        info.agentVersion,
        info.operatingSystem,
        agent.agentId,
      ],
    );
    await this.commands.execute(
      new RecordPrinterEventCommand(
        'PrinterOnline',
        { businessPhone: agent.businessPhone, agentId: agent.agentId, agent: info, at: new Date().toISOString() },
        { actor: { kind: 'agent', id: agent.agentId }, correlationId: connectionId },
      ),
    );
  }

  /** A heartbeat of the socket that holds the connection; a stale socket's heartbeat changes nothing. */
  async heartbeat(agent: AuthenticatedAgent, connectionId: string): Promise<boolean> {
    const updated = await execute(
      this.database.em(),
      `update printer_connections set last_seen = now() where agent_id = ? and connection_id = ? and is_online`,
      [agent.agentId, connectionId],
    );
    return updated > 0;
  }

  async disconnected(agent: AuthenticatedAgent, connectionId: string): Promise<void> {
    const [row] = await query<{ last_seen: Date | null }>(
      this.database.em(),
      `update printer_connections set is_online = false, connection_id = null, updated_at = now()
        where agent_id = ? and connection_id = ? and is_online returning last_seen`,
      [agent.agentId, connectionId],
    );
    if (!row) return; // a newer connection of this agent took over, or the sweeper already marked it
    await this.recordOffline(agent.businessPhone, agent.agentId, 'disconnected', row.last_seen, connectionId);
  }

  /**
   * Marks offline every printer silent for 45 s, and prunes the journal and the slips to their two days; answers how
   * many printers it marked. Safe on any number of instances at once.
   */
  async sweep(now = new Date()): Promise<number> {
    const em = this.database.em();
    const silent = await query<{ business_id: string; agent_id: string; last_seen: Date | null }>(
      em,
      `update printer_connections set is_online = false, connection_id = null, updated_at = now()
        where is_online and (last_seen is null or last_seen < ?) returning business_id, agent_id, last_seen`,
      [new Date(now.getTime() - PRINTER_OFFLINE_AFTER_MS)],
    );
    for (const row of silent) {
      await this.recordOffline(row.business_id, row.agent_id, 'silent', row.last_seen, 'printer-presence');
    }
    const horizon = new Date(now.getTime() - LIVE_EVENTS_KEPT_MS);
    await execute(em, PRUNE_LIVE_EVENTS_SQL, [horizon]);
    // The slips queued before the same two days, whatever their status: no reader looks at them any more (the
    // pending ones only within 12 hours, the console at today's orders, with the order's own slip state as well).
    await execute(em, PRUNE_PRINT_SLIPS_SQL, [horizon]);
    return silent.length;
  }

  async status(businessPhone: string): Promise<PrinterStatusAnswer & { paired: boolean }> {
    const [row] = await query<ConnectionRow>(
      this.database.em(),
      `select is_online, last_seen, printer_name from printer_connections where business_id = ?`,
      [businessPhone],
    );
    return {
      isOnline: row?.is_online ?? false,
      lastSeen: row?.last_seen ? new Date(row.last_seen).toISOString() : null,
      printerName: row?.printer_name ?? null,
      paired: Boolean(row),
    };
  }

  /** Which of these businesses have an agent online now (one query for a batch of slips). */
  async onlineAmong(businessPhones: readonly string[]): Promise<Set<string>> {
    if (businessPhones.length === 0) return new Set();
    const rows = await query<{ business_id: string }>(
      this.database.em(),
      `select business_id from printer_connections where is_online and business_id = any(?::text[])`,
      [`{${[...new Set(businessPhones)].map((phone) => JSON.stringify(phone)).join(',')}}`],
    );
    return new Set(rows.map((row) => row.business_id));
  }

  async paperWidth(businessPhone: string): Promise<PaperWidth> {
    const [row] = await query<{ paper_width: PaperWidth }>(
      this.database.em(),
      `select paper_width from printer_settings where business_id = ?`,
      [businessPhone],
    );
    return row?.paper_width ?? DEFAULT_PAPER_WIDTH;
  }

  async settings(businessPhone: string): Promise<PrinterSettingsAnswer> {
    const [row] = await query<{
      agent_version: string | null;
      operating_system: string | null;
      connection_type: string | null;
    }>(
      this.database.em(),
      `select agent_version, operating_system, connection_type from printer_connections where business_id = ?`,
      [businessPhone],
    );
    return {
      paperWidth: await this.paperWidth(businessPhone),
      paired: Boolean(row),
      agentVersion: row?.agent_version ?? null,
      operatingSystem: row?.operating_system ?? null,
      connectionType: (row?.connection_type as PrinterConnectionType | null) ?? null,
    };
  }

  async setPaperWidth(businessPhone: string, paperWidth: PaperWidth): Promise<PrinterSettingsAnswer> {
    await execute(
      this.database.em(),
      `insert into printer_settings (business_id, paper_width) values (?, ?)
       on conflict (business_id) do update set paper_width = excluded.paper_width, updated_at = now()`,
      [businessPhone, paperWidth],
    );
    return this.settings(businessPhone);
  }

  private async recordOffline(
    businessPhone: string,
    agentId: string,
    reason: 'disconnected' | 'silent',
    lastSeen: Date | null,
    correlationId: string,
  ): Promise<void> {
    await this.commands.execute(
      new RecordPrinterEventCommand(
        'PrinterOffline',
        {
          businessPhone,
          agentId,
          reason,
          lastSeen: lastSeen ? new Date(lastSeen).toISOString() : null,
          at: new Date().toISOString(),
        },
        { actor: { kind: 'system', id: 'printer-presence' }, correlationId },
      ),
    );
  }

  private async sweepQuietly(): Promise<void> {
    try {
      await this.sweep();
    } catch (error) {
      // The database may be down for a moment; the next sweep catches up.
      this.logger.warn(`printer sweep failed: ${String(error)}`);
    }
  }
}
