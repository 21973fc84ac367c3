import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 33, an address to share: the business's readable menu address and its previews' line on `businesses`, and
 * every address ever claimed in `menu_addresses` (never given to a second business), from `MenuAddressChosen`.
 */
export class Migration20261207000200_menu_addresses extends Migration {
  override up(): void {
    this.addSql('alter table businesses add column if not exists menu_address varchar(40) null;');
    this.addSql('alter table businesses add column if not exists share_line varchar(200) null;');
    this.addSql(
      'create table if not exists menu_addresses (address varchar(40) not null primary key, business_phone varchar(16) not null, claimed_at timestamptz not null);',
    );
  }

  override down(): void {
    this.addSql('drop table if exists menu_addresses;');
    this.addSql('alter table businesses drop column if exists share_line;');
    this.addSql('alter table businesses drop column if exists menu_address;');
  }
}
