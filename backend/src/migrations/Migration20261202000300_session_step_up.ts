import { Migration } from '@mikro-orm/migrations';

/**
 * The owner's step-up (issue 29, decision 036): a sign-in holds, for five minutes after a fresh code, the right to
 * change the payout details, the Cardcom password and the QR address. The time lives on the session row (carried to
 * the next row on each refresh); the codes are `otp_codes` rows of their own purpose.
 */
export class Migration20261202000300_session_step_up extends Migration {
  override up(): void {
    this.addSql(`
      alter table user_sessions add column if not exists step_up_until timestamptz null;
      alter table otp_codes drop constraint if exists otp_codes_purpose_check;
      alter table otp_codes add constraint otp_codes_purpose_check check (purpose in ('owner', 'admin', 'step_up'));
    `);
  }

  override down(): void {
    this.addSql(`
      delete from otp_codes where purpose = 'step_up';
      alter table otp_codes drop constraint if exists otp_codes_purpose_check;
      alter table otp_codes add constraint otp_codes_purpose_check check (purpose in ('owner', 'admin'));
      alter table user_sessions drop column if exists step_up_until;
    `);
  }
}
