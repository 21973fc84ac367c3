import { join } from 'node:path';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { APP_CONFIG } from '../../../config/config.module.js';
import type { AppConfig } from '../../../config/config.js';
import { randomFileStem, removeFiles, writeNewFiles } from '../../../platform/images/stored-files.js';
import { ChangeLogoCommand } from './change-logo.handler.js';
import type { CommandContext } from './command-context.js';
import { toLogoWebp } from './logo-image.js';

export const LOGO_URL_PREFIX = '/uploads/logos/';
// Only names this server made can be removed: a recorded path never points outside the logos folder.
const STORED_NAME = /^\/uploads\/logos\/([0-9a-f]{32}\.webp)$/;

/**
 * Stores a new logo under DATA_DIR/uploads/logos/<random>.webp (a name nobody can choose or guess), records
 * `LogoChanged`, then removes the file it replaced. A refused upload stores nothing; a refused event removes the file.
 */
@Injectable()
export class LogoUploads {
  private readonly logger = new Logger('LogoUploads');
  private readonly folder: string;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly commands: CommandBus,
  ) {
    this.folder = join(config.dataDir, 'uploads', 'logos');
  }

  async replace({ phone, bytes, context }: { phone: string; bytes: Buffer; context: CommandContext }): Promise<string> {
    const image = await toLogoWebp(bytes);
    const name = `${randomFileStem()}.webp`;
    await writeNewFiles(this.folder, [{ name, bytes: image }]);
    let previousLogo: string | null;
    try {
      ({ previousLogo } = await this.commands.execute<ChangeLogoCommand, { previousLogo: string | null }>(
        new ChangeLogoCommand(phone, `${LOGO_URL_PREFIX}${name}`, context),
      ));
    } catch (error) {
      await removeFiles(this.folder, [name]);
      throw error;
    }
    await this.remove(previousLogo);
    return `${LOGO_URL_PREFIX}${name}`;
  }

  /**
   * Removes a recorded logo's file (a replaced logo, or a closed account's); other shapes are skipped. Called after the
   * event committed: a file left behind is only wasted space, never a reason to fail.
   */
  async remove(logo: string | null): Promise<void> {
    const name = logo ? STORED_NAME.exec(logo)?.[1] : undefined;
    if (!name) return;
    await removeFiles(this.folder, [name], (message) => this.logger.warn(`logo: ${message}`));
  }
}
