import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import type { AxeResults, Result } from 'axe-core';
import { expect } from 'vitest';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

// Debian's Chromium; never a browser downloaded by a tool. The flags keep it off the (closed) network.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** `extraArgs`: more switches for this browser, e.g. `--lang=he-IL` for a Hebrew-locale Chromium. */
export async function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_FLAGS, ...extraArgs] });
}

/** An address of the benchmarking range (198.18.0.0/15, never routed), different for every browser context. */
function visitorAddress(): string {
  visitors += 1;
  return `198.18.${Math.floor(Math.random() * 256)}.${(visitors % 254) + 1}`;
}
let visitors = 0;

export interface WatchedPage {
  page: Page;
  /** Console errors, uncaught exceptions and CSP violations seen so far: a clean page has none. */
  problems: string[];
}

export async function openPage(
  browser: Browser,
  options: { viewport?: { width: number; height: number } } = {},
): Promise<WatchedPage & { context: BrowserContext }> {
  const context = await browser.newContext({
    locale: 'he-IL',
    viewport: options.viewport ?? { width: 1280, height: 800 },
    // Each browser a visitor of its own: the product limits sign-in codes and registrations per address, and every
    // file of this suite signs in to one shared server (which trusts the loopback proxy, global-setup.ts).
    extraHTTPHeaders: { 'x-forwarded-for': visitorAddress() },
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  // The console says only "Failed to load resource: ... status of 401"; this names the address, for the next reader.
  context.on('response', (response) => {
    if (response.status() >= 400) problems.push(`response: status of ${response.status()} for ${response.url()}`);
  });
  return { context, page, problems };
}

/** Runs axe-core (WCAG 2.0/2.1 A and AA, plus best practices) on the page as it is now. */
export async function axeViolations(page: Page): Promise<Result[]> {
  // Evaluated through the DevTools protocol, so the page's CSP (no inline scripts) does not block it.
  await page.evaluate(axeSource);
  const results = await page.evaluate(() =>
    (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } }).axe.run(
      document,
      { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } },
    ),
  );
  return results.violations;
}

/** A readable list for assertion messages: rule, impact and the first offending nodes. */
export function describeViolations(violations: Result[]): string {
  return violations
    .map((violation) => {
      const targets = violation.nodes
        .slice(0, 3)
        .map((node) => node.target.join(' '))
        .join(', ');
      return `${violation.id} (${violation.impact}): ${violation.help} -> ${targets}`;
    })
    .join('\n');
}

/**
 * Clicks a button that closes its own tab (an impersonation's logout) and waits for the close. The tab may close
 * while Playwright still finishes the click; that is the expected outcome, not a failure.
 */
export async function clickAndWaitForClose(page: Page, button: Locator): Promise<void> {
  const closed = page.waitForEvent('close');
  await button.click({ noWaitAfter: true }).catch((error: unknown) => {
    if (!page.isClosed()) throw error;
  });
  await closed;
}

/**
 * axe-core finds nothing on the page as it is now (after its fonts settled, so contrast is judged on the real text);
 * `where` names the page or state in the failure.
 */
export async function expectAccessible(page: Page, where = page.url()): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  const violations = await axeViolations(page);
  expect(violations, `${where}\n${describeViolations(violations)}`).toEqual([]);
}

/** The page does not scroll sideways (nothing wider than the viewport). */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}
