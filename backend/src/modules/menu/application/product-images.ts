import { Inject, Injectable, Logger } from '@nestjs/common';
import { PRODUCT_IMAGE_SIZES, type ProductImage } from '@tafrit/contracts';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { query } from '../../../platform/database/sql.js';
import { encodeOrRefuse, openUploadedImage } from '../../../platform/images/uploaded-image.js';
import { randomFileStem } from '../../../platform/images/stored-files.js';
import { FILE_STORE, FileExistsError, type FileStore } from '../../../platform/storage/file-store.js';

export const PRODUCT_IMAGE_URL_PREFIX = '/uploads/products/';
/** The two stored widths (their names on disk): a card in the diner's list, and the product's sheet. */
export const PRODUCT_IMAGE_WIDTHS = {
  small: PRODUCT_IMAGE_SIZES.small.width,
  large: PRODUCT_IMAGE_SIZES.large.width,
} as const;
// Only stems this server made can be removed: a recorded path never points outside the products folder. Photos stored
// before decision 035 have 32 random hex digits; newer ones a number in base 36.
const STORED_STEM = /^\/uploads\/products\/([0-9a-f]{32}|[0-9a-z]{1,13})$/;
// A name the sequence gives that is already stored (a database restored behind its uploads) is skipped; after this
// many, a random name (always free) rather than a failed upload.
const NAME_TRIES = 20;

/** A width's key in the file store: its address without the leading `/uploads/`. */
const fileKey = (name: string, width: number): string => `products/${name}-${width}.webp`;

/** The public URLs of a stored photo's two widths, from the stem kept in `products.image`. */
export function productImageUrls(stem: string | null): ProductImage | null {
  if (!stem) return null;
  return { small: `${stem}-${PRODUCT_IMAGE_WIDTHS.small}.webp`, large: `${stem}-${PRODUCT_IMAGE_WIDTHS.large}.webp` };
}

/**
 * An uploaded product photo, checked and re-encoded as WebP at exactly 400x300 and 800x600: cropped to 4:3 around
 * its most interesting part (sharp's attention strategy), a small photo enlarged. Fixed sizes let every page write the
 * <img>'s width and height up front (no layout shift); the browser would stretch a small photo to the box anyway.
 */
export async function toProductWebps(bytes: Buffer): Promise<{ small: Buffer; large: Buffer }> {
  const image = await openUploadedImage(bytes, 'image');
  const sharp = (await import('sharp')).default;
  return encodeOrRefuse('image', async () => {
    const [small, large] = await Promise.all(
      [PRODUCT_IMAGE_SIZES.small, PRODUCT_IMAGE_SIZES.large].map(({ width, height }) =>
        image
          .clone()
          .resize({ width, height, fit: 'cover', position: sharp.strategy.attention })
          // Smart chroma subsampling keeps the sharp red and green edges of food from bleeding.
          .webp({ quality: 78, smartSubsample: true })
          .toBuffer(),
      ),
    );
    return { small: small as Buffer, large: large as Buffer };
  });
}

/**
 * Product photos in the file store (DATA_DIR/uploads or a bucket, decision 060): products/<name>-400.webp and
 * -800.webp, served under /uploads with a year's cache (names are never reused). A name is the next value of the `product_photo_names` sequence
 * in base 36 (decision 035): the public menu lists every photo, and short consecutive names compress to a byte or two
 * where random ones cost sixteen. Photos are public (the menu shows them to anyone), so the name hides nothing. Files
 * are written before the row that names them and removed only after the change that dropped them committed, so a row
 * never points at a missing file.
 */
@Injectable()
export class ProductImages {
  private readonly logger = new Logger('ProductImages');

  constructor(
    @Inject(FILE_STORE) private readonly files: FileStore,
    @Inject(DATABASE) private readonly database: Database,
  ) {}

  /** Writes a photo's two widths under a new name; answers the stem to record in `products.image`. */
  private async writeUnderNewName(small: Buffer, large: Buffer): Promise<string> {
    for (let attempt = 0; ; attempt++) {
      const name = attempt < NAME_TRIES ? await this.nextName() : randomFileStem();
      try {
        await this.files.writeNew([
          { key: fileKey(name, PRODUCT_IMAGE_WIDTHS.small), bytes: small, contentType: 'image/webp' },
          { key: fileKey(name, PRODUCT_IMAGE_WIDTHS.large), bytes: large, contentType: 'image/webp' },
        ]);
        return `${PRODUCT_IMAGE_URL_PREFIX}${name}`;
      } catch (error) {
        if (!(error instanceof FileExistsError) || attempt >= NAME_TRIES) throw error;
        this.logger.warn(`photo name ${name} is already stored; taking the next one`);
      }
    }
  }

  private async nextName(): Promise<string> {
    // Called before the change's transaction (never inside one: PGlite has one connection). A sequence never gives
    // a value twice, even to a change that is rolled back.
    const [row] = await query<{ value: string }>(
      this.database.em(),
      "select nextval('product_photo_names')::text as value",
    );
    return BigInt(row?.value ?? '0').toString(36);
  }

  /** Checks, re-encodes and stores an upload; answers the stem to record in `products.image`. */
  async store(bytes: Buffer): Promise<string> {
    const { small, large } = await toProductWebps(bytes);
    return this.writeUnderNewName(small, large);
  }

  /**
   * Copies a stored photo's files under a new stem, for a duplicated product: each product owns its files, so
   * replacing or deleting one product's photo never takes the other's. A missing original (already removed, or a
   * stem of another shape) gives no photo rather than a failed copy; a store that is down fails the copy (503).
   */
  async copy(stem: string | null): Promise<string | null> {
    const random = stem ? STORED_STEM.exec(stem)?.[1] : undefined;
    if (!random) return null;
    const widths = [PRODUCT_IMAGE_WIDTHS.small, PRODUCT_IMAGE_WIDTHS.large];
    const [small, large] = await Promise.all(widths.map((width) => this.files.read(fileKey(random, width))));
    if (!small || !large) {
      this.logger.warn(`could not copy photo ${random}: a width of it is not stored`);
      return null;
    }
    return this.writeUnderNewName(small, large);
  }

  /** Removes the files of recorded stems; unknown shapes and nulls are skipped, failures only logged. */
  async remove(stems: ReadonlyArray<string | null | undefined>): Promise<void> {
    const keys = stems.flatMap((stem) => {
      const random = stem ? STORED_STEM.exec(stem)?.[1] : undefined;
      return random ? [fileKey(random, PRODUCT_IMAGE_WIDTHS.small), fileKey(random, PRODUCT_IMAGE_WIDTHS.large)] : [];
    });
    await this.files.remove(keys, (message) => this.logger.warn(message));
  }
}
