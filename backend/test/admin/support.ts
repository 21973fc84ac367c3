import { randomInt } from 'node:crypto';
import { signInAdmin } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** The real app with the admin console, and a signed-in administrator. */
export async function startAdminApp(): Promise<{ app: TestApp; adminToken: string }> {
  const app = await startTestApp();
  const { token } = await signInAdmin(app);
  return { app, adminToken: token };
}

export const newIp = () => `10.77.${randomInt(256)}.${randomInt(1, 255)}`;
