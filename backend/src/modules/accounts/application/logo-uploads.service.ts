import { Inject, Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { randomFileStem } from '../../../platform/images/stored-files.js';
import { FILE_STORE, type FileStore } from '../../../platform/storage/file-store.js';
import { ChangeLogoCommand } from './change-logo.handler.js';
import type { CommandContext } from './command-context.js';
import { toLogoWebp } from './logo-image.js';

export const LOGO_URL_PREFIX = '/uploads/logos/';
// Only names this server made can be removed: a recorded path never points outside the logos folder.
// The file store's key of a logo is its address without the leading `/uploads/`.
const STORED_NAME = /^\/uploads\/logos\/([0-9a-f]{32}\.webp)$/;

/**
 * Stores a new logo as logos/<random>.webp in the file store (DATA_DIR/uploads or a bucket, decision 060; a name
 * nobody can choose or guess), records `LogoChanged`, then removes the file it replaced. A refused upload stores
 * nothing; a refused event removes the file; a store that is down refuses the upload (503) before anything is recorded.
 */
@Injectable()
export class LogoUploads {
  private readonly logger = new Logger('LogoUploads');

  constructor(
    @Inject(FILE_STORE) private readonly files: FileStore,
    private readonly commands: CommandBus,
  ) {}

  async replace({ phone, bytes, context }: { phone: string; bytes: Buffer; context: CommandContext }): Promise<string> {
    const image = await toLogoWebp(bytes);
    const name = `${randomFileStem()}.webp`;
    await this.files.writeNew([{ key: `logos/${name}`, bytes: image, contentType: 'image/webp' }]);
    let previousLogo: string | null;
    try {
      ({ previousLogo } = await this.commands.execute<ChangeLogoCommand, { previousLogo: string | null }>(
        new ChangeLogoCommand(phone, `${LOGO_URL_PREFIX}${name}`, context),
      ));
    } catch (error) {
      await this.files.remove([`logos/${name}`]);
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
    await this.files.remove([`logos/${name}`], (message) => this.logger.warn(`logo: ${message}`));
  }
}
