import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSetupPage, type SetupPage } from '../../agent/src/setup-page.js';
import { tempDir } from '../../agent/test/support.js';
import { expectAccessible, expectNoSidewaysScroll, launchBrowser, openPage } from './support/browser.js';

// The printing agent's own pairing page (issue 18), served as the executable serves it on 127.0.0.1, in a real
// browser: Hebrew, right to left, accessible on a phone's width and a computer's, errors tied to their fields.

let browser: Browser;
let setup: SetupPage;
beforeAll(async () => {
  browser = await launchBrowser();
  setup = await startSetupPage({
    dir: tempDir(),
    server: 'https://tafrit.example',
    listPrinters: async () => [
      { name: 'EPSON TM-T20II Receipt', spec: 'windows:KITCHEN' },
      { name: 'Microsoft Print to PDF', spec: null },
    ],
    autostart: async () => undefined,
  });
});
afterAll(async () => {
  await setup?.close();
  await browser?.close();
});

describe("the agent's setup page", () => {
  it('is accessible and fits, and shows a wrong code and a missing printer by their fields', async () => {
    for (const viewport of [
      { width: 375, height: 740 },
      { width: 1280, height: 800 },
    ]) {
      const { page, context } = await openPage(browser, { viewport });
      await page.goto(setup.url);
      expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
      await page.getByRole('heading', { level: 1, name: 'חיבור מדפסת המטבח' }).waitFor();
      expect(await page.getByRole('radio', { name: 'Microsoft Print to PDF' }).isDisabled()).toBe(true);
      await expectAccessible(page, `the setup page at ${viewport.width}px`);
      await expectNoSidewaysScroll(page);

      await page.getByLabel('קוד החיבור').fill('12');
      await page.getByRole('button', { name: 'חיבור והדפסת דף בדיקה' }).click();
      await page.locator('#code-error').waitFor();
      expect(await page.getByLabel('קוד החיבור').getAttribute('aria-invalid')).toBe('true');
      expect(await page.locator('#printer-error').textContent()).toContain('בחרו מדפסת');
      await expectAccessible(page, `the setup page with errors at ${viewport.width}px`);
      await expectNoSidewaysScroll(page);
      await context.close();
    }
  });
});
