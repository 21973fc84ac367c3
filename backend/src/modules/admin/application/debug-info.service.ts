import { readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Inject, Injectable } from '@nestjs/common';
import type { AdminDebugInfo } from '@tafrit/contracts';
import { APP_CONFIG } from '../../../config/config.module.js';
import type { AppConfig } from '../../../config/config.js';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { query } from '../../../platform/database/sql.js';
import { ProcessorRunner } from '../../../platform/processing/processor-runner.js';
import { PrinterReader } from '../../printing/index.js';

// The same depth from src/ and from dist/: modules/admin/application -> the repository root.
const ROOT_PACKAGE_JSON = new URL('../../../../../package.json', import.meta.url);

/** `YYYYMMDD.HHmm` (UTC) of an instant: a build id that needs no git on the server. */
function stamp(date: Date): string {
  const iso = date.toISOString();
  return `${iso.slice(0, 10).replaceAll('-', '')}.${iso.slice(11, 16).replace(':', '')}`;
}

/**
 * `BUILD_VERSION` when the image sets it; else the root package.json's version and, as build id, the time this very
 * file was written (in dist/ that is the build; from src/ the last edit).
 */
export function buildVersionOf(env: string | undefined): string {
  if (env?.trim()) return env.trim();
  let version = '0.0.0';
  try {
    version = (JSON.parse(readFileSync(ROOT_PACKAGE_JSON, 'utf8')) as { version?: string }).version ?? version;
  } catch {
    // A deployment without the root package.json still answers, with the build id alone.
  }
  try {
    return `${version}+${stamp(statSync(fileURLToPath(import.meta.url)).mtime)}`;
  } catch {
    return version;
  }
}

/** What the dashboard's debug link shows: build, clock, database, how far behind each processor is, printers online. */
@Injectable()
export class DebugInfo {
  private readonly buildVersion: string;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DATABASE) private readonly database: Database,
    private readonly runner: ProcessorRunner,
    private readonly printers: PrinterReader,
  ) {
    this.buildVersion = buildVersionOf(config.buildVersion);
  }

  async read(): Promise<AdminDebugInfo> {
    const em = this.database.em();
    const checkpoints = await query<{ name: string; transaction_id: string; global_position: string }>(
      em,
      `select name, last_transaction_id::text as transaction_id, last_position::text as global_position
         from processor_checkpoints`,
    );
    const parked = await query<{ processor: string; parked: number }>(
      em,
      `select processor, count(*)::int as parked from parked_events where resolved_at is null group by processor`,
    );
    // Processors of this process, and those another process (a worker) runs that have a checkpoint or parked events.
    const names = [
      ...new Set([
        ...this.runner.processorNames,
        ...checkpoints.map(({ name }) => name),
        ...parked.map(({ processor }) => processor),
      ]),
    ].sort();
    const processors = [];
    for (const name of names) {
      const checkpoint = checkpoints.find((row) => row.name === name);
      // The log's order is (transaction id, position): count what lies after the checkpoint in that order.
      const [row] = await query<{ pending: number }>(
        em,
        `select count(*)::int as pending from events where (transaction_id, global_position) > (?::xid8, ?::bigint)`,
        [checkpoint?.transaction_id ?? '0', checkpoint?.global_position ?? '0'],
      );
      processors.push({
        name,
        pending: Number(row?.pending ?? 0),
        parked: Number(parked.find(({ processor }) => processor === name)?.parked ?? 0),
      });
    }
    return {
      buildVersion: this.buildVersion,
      serverTime: new Date().toISOString(),
      databaseMode: this.config.databaseUrl ? 'postgresql' : 'embedded',
      databaseStatus: this.database.status,
      processors,
      printerAgentsOnline: await this.printers.onlineCount(),
    };
  }
}
