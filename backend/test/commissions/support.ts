import { randomInt } from 'node:crypto';
import { israelMonthOf, shiftMonth } from '@tafrit/contracts';
import { ProcessorRunner } from '../../src/platform/processing/processor-runner.js';
import { signInAdmin } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** Test values of the Masav institution (8 digits, 5 digits, a Hebrew name). */
export const MASAV_TEST_ENV = {
  MASAV_INSTITUTION_CODE: '12345678',
  MASAV_SENDING_INSTITUTION: '54321',
  MASAV_INSTITUTION_NAME: 'תפריט בע"מ',
};

/** The real app with the commissions module, and a signed-in administrator. */
export async function startCommissionsApp(
  env: Record<string, string> = MASAV_TEST_ENV,
): Promise<{ app: TestApp; adminToken: string }> {
  const app = await startTestApp(env);
  const { token } = await signInAdmin(app);
  return { app, adminToken: token };
}

/** Starting the app and signing the admin in can take a while on a busy machine; the setup gets more than a test. */
export const APP_START_TIMEOUT_MS = 90_000;

export const runProcessors = (app: TestApp) => app.app.get(ProcessorRunner).runUntilIdle();

/** The previous Israel month: ended (payouts may be created) and inside the owner's 12-month report window. */
export const lastMonth = () => shiftMonth(israelMonthOf(new Date()), -1);

export const newIp = () => `10.88.${randomInt(256)}.${randomInt(1, 255)}`;

/** An instant inside an Israel month: day and hour in Israel time (winter offset is enough for mid-month days). */
export function inMonth(month: string, day: number, hour = 12): string {
  return new Date(
    `${month}-${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}:00:00+02:00`,
  ).toISOString();
}
