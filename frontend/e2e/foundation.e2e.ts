import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { axeViolations, describeViolations, launchBrowser, openPage } from './support/browser.js';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('the foundation in a real browser', () => {
  it('serves the landing page in Hebrew, right to left, without accessibility violations', async () => {
    const { page, problems, context } = await openPage(browser);
    const response = await page.goto(`${baseUrl}/`);
    expect(response?.status()).toBe(200);
    expect(await page.getAttribute('html', 'lang')).toBe('he');
    expect(await page.getAttribute('html', 'dir')).toBe('rtl');
    await expect.poll(() => page.locator('h1').count()).toBe(1);
    expect(await page.title()).toMatch(/[\u0590-\u05FF]/);
    const violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows the not-found page for an unknown address, without accessibility violations', async () => {
    const { page, problems, context } = await openPage(browser);
    // A crawler or link checker learns the truth (404) while the person sees the app's not-found page.
    const response = await page.goto(`${baseUrl}/this/page/does-not-exist`);
    expect(response?.status()).toBe(404);
    const notFound = page.getByTestId('not-found');
    await notFound.waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain('הדף לא נמצא');
    await page.getByRole('link', { name: 'חזרה לדף הבית' }).click();
    await page.waitForURL(`${baseUrl}/`);
    await page.goBack();
    await notFound.waitFor();
    const violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    // Chromium reports the 404 document itself as a failed resource; nothing else may go wrong.
    expect(problems.filter((problem) => !/status of 404/.test(problem))).toEqual([]);
    await context.close();
  });

  it('keeps the landing page usable on a phone-sized screen', async () => {
    const { page, problems, context } = await openPage(browser, { viewport: { width: 375, height: 740 } });
    await page.goto(`${baseUrl}/`);
    await page.locator('h1').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
