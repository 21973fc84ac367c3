import { Injectable } from '@nestjs/common';
import { AppError } from '../../../platform/http/app-error.js';
import { OneTimeCodes } from '../../accounts/index.js';
import { AdminDirectory } from './admin-directory.js';

export const adminCodeText = (code: string): string => `קוד הכניסה לניהול תפריט: ${code}`;

/**
 * The administrator's sign-in: the owner's code rules and limits, under purpose 'admin'. Unlike the owner's, another
 * number is told so (403 admin.wrong_number), as the spec's admin login shows "wrong number".
 */
@Injectable()
export class AdminSignIn {
  constructor(
    private readonly directory: AdminDirectory,
    private readonly codes: OneTimeCodes,
  ) {}

  async sendCode(phone: string): Promise<void> {
    await this.requireAdmin(phone);
    await this.codes.issue({ phone, purpose: 'admin', deliver: true, kind: 'admin-sign-in-code', text: adminCodeText });
  }

  async verifyCode(phone: string, code: string): Promise<void> {
    await this.requireAdmin(phone);
    await this.codes.verify({ phone, purpose: 'admin', code });
  }

  private async requireAdmin(phone: string): Promise<void> {
    if (!(await this.directory.isAdmin(phone))) throw new AppError('admin.wrong_number');
  }
}
