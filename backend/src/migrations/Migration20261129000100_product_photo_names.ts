import { Migration } from '@mikro-orm/migrations';

/**
 * Short names for product photos (decision 035): a new photo's files are named after the next value of
 * `product_photo_names` (base 36), not 128 random bits. The public menu names every product's photo, and random names
 * were two thirds of its compressed answer; consecutive numbers compress to a byte or two each. A sequence never gives
 * a value twice, so a name is never reused (browsers keep a photo for a year). Photos stored before keep their names.
 */
export class Migration20261129000100_product_photo_names extends Migration {
  override up(): void {
    this.addSql('create sequence if not exists product_photo_names;');
  }

  override down(): void {
    this.addSql('drop sequence if exists product_photo_names;');
  }
}
