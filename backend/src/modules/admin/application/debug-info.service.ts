import { readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Inject, Injectable } from '@nestjs/common';
import type { AdminDebugInfo } from '@tafrit/contracts';
import { APP_CONFIG } from '../../../config/config.module.js';
import type { AppConfig } from '../../../config/config.js';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
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
    const processors = await this.runner.backlog();
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
