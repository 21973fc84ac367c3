import { Injectable } from '@nestjs/common';
import { AppError } from '../../../platform/http/app-error.js';
import { CodeSignIn, OneTimeCodes } from '../../accounts/index.js';
import { AdminDirectory } from './admin-directory.js';

export const adminCodeText = (code: string): string => `קוד הכניסה לניהול תפריט: ${code}`;

/**
 * The administrator's sign-in: the owner's code rules and limits, under purpose 'admin'. Unlike the owner's, another
 * number is told so (403 admin.wrong_number), as the spec's admin login shows "wrong number".
 */
@Injectable()
export class AdminSignIn extends CodeSignIn<void> {
  protected readonly audience = 'admin';
  protected readonly smsKind = 'admin-sign-in-code';

  constructor(
    private readonly directory: AdminDirectory,
    codes: OneTimeCodes,
  ) {
    super(codes);
  }

  protected text(code: string): string {
    return adminCodeText(code);
  }

  protected async admit(phone: string): Promise<void> {
    if (!(await this.directory.isAdmin(phone))) throw new AppError('admin.wrong_number');
  }

  /** Only administrators get this far. */
  protected async delivers(): Promise<boolean> {
    return true;
  }

  protected async opens(): Promise<void> {}
}
