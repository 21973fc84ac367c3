// Lighthouse's mobile run (its default: a mid-range phone's screen, simulated slow 4G, 4x CPU slowdown) against pages
// of the built app served by the product. Debian's Chromium (CHROME_PATH, else /usr/bin/chromium): no tool ever
// downloads a browser here. Each run gets a fresh browser and profile, so no run is served from an earlier run's cache.
//
// The simulated throttling scales what it observes on this machine, so the figures depend on the machine's speed: the
// CPU benchmark index Lighthouse measures at the start of each run is kept beside them (Lighthouse's own guidance:
// figures from runs with very different indexes are not comparable).
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';

const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // A phone in Israel: the diner's pages follow the browser's language (decision 023), and the budgets are for the
  // Hebrew pages unless a run asks for another with ?lang=.
  '--lang=he-IL',
  '--accept-lang=he-IL,he',
];

const median = (values) => {
  const sorted = values.filter((value) => typeof value === 'number').sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/**
 * Runs `prepare(page)` in the run's own browser before Lighthouse loads the page (a cart in the device's storage, an
 * order paid on the sandbox's page), then empties the browser's HTTP cache: the measured load finds the device's state
 * but downloads every file, as a first visit does. Returns the address `prepare` ended at, or undefined.
 */
async function prepareBrowser(port, prepare) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}`, defaultViewport: null });
  try {
    const page = await browser.newPage();
    const reached = await prepare(page);
    const session = await page.createCDPSession();
    await session.send('Network.clearBrowserCache');
    await page.close();
    return reached;
  } finally {
    await browser.disconnect();
  }
}

async function oneRun(url, prepare, config) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
    logLevel: 'silent',
  });
  try {
    const target = prepare ? ((await prepareBrowser(chrome.port, prepare)) ?? url) : url;
    // A prepared run keeps the device's storage (the cart, the last order); the cache was emptied above.
    const result = await lighthouse(
      target,
      {
        port: chrome.port,
        onlyCategories: ['performance'],
        logLevel: 'error',
        ...(prepare ? { disableStorageReset: true } : {}),
      },
      config,
    );
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    const audit = (id) => lhr.audits[id]?.numericValue ?? null;
    const lcpBreakdown = lhr.audits['lcp-breakdown-insight']?.details?.items ?? [];
    return {
      lcpMs: Math.round(audit('largest-contentful-paint')),
      tbtMs: Math.round(audit('total-blocking-time')),
      cls: Math.round(audit('cumulative-layout-shift') * 1000) / 1000,
      fcpMs: Math.round(audit('first-contentful-paint')),
      performanceScore: Math.round((lhr.categories.performance.score ?? 0) * 100),
      benchmarkIndex: lhr.environment.benchmarkIndex,
      // Where to look when a figure is over budget: the LCP element, what shifted, and which scripts kept the main
      // thread busy (these details are what the browser observed here, before Lighthouse's simulated throttling).
      lcpElement: lcpBreakdown.find((item) => item.type === 'node')?.selector,
      layoutShifts: (lhr.audits['layout-shifts']?.details?.items ?? [])
        .slice(0, 3)
        .map((item) => ({ selector: item.node?.selector, score: Math.round((item.score ?? 0) * 1000) / 1000 })),
      scriptCpuMs: Object.fromEntries(
        (lhr.audits['bootup-time']?.details?.items ?? [])
          .slice(0, 4)
          .map((item) => [item.url.replace(/^https?:\/\/[^/]+/, ''), Math.round(item.total)]),
      ),
      warnings: lhr.runWarnings,
    };
  } finally {
    await chrome.kill();
  }
}

/**
 * One run, tried again (at most twice) when Lighthouse reports a runtime error of its own: on a busy machine it now and
 * then loses the trace of a load (NO_NAVSTART), which says nothing about the page and must not end the whole bench.
 */
async function runWithRetries(url, prepare, config) {
  for (let attempt = 1; ; attempt++) {
    try {
      const run = await oneRun(url, prepare, config);
      return attempt > 1 ? { ...run, attempts: attempt } : run;
    } catch (error) {
      if (attempt >= 3) throw error;
      console.error(`[lighthouse] ${url}: ${error.message}; running again`);
    }
  }
}

/**
 * `runs` Lighthouse runs of `url`; each figure is the median of its runs (every run is kept). `prepare(page)`, when
 * given, sets the device up before each run (see prepareBrowser) and may return the address to measure instead.
 * `config` is Lighthouse's own (its desktop preset, say); absent, its default mobile run.
 */
export async function benchLighthouse(url, runs, prepare, config) {
  const all = [];
  for (let i = 0; i < runs; i++) all.push(await runWithRetries(url, prepare, config));
  const of = (key) => median(all.map((run) => run[key]));
  return {
    url,
    runs: all,
    lcpMs: of('lcpMs'),
    tbtMs: of('tbtMs'),
    cls: of('cls'),
    fcpMs: of('fcpMs'),
    performanceScore: of('performanceScore'),
    benchmarkIndex: of('benchmarkIndex'),
  };
}

// The diner's pages that show something only with a cart or an order on the device.

/**
 * A cart of two items (the menu's first two products, one of the first and two of the second), put on the device as a
 * diner does: tapped on the menu page (the app keeps it in the device's storage and its cookie, see cart.ts).
 */
export function withCart(origin, departmentId) {
  return async (page) => {
    // A phone's screen, as the diner's: the headless window's own size (780 x 493 with Chromium 156) left so little
    // room between the sticky category bar and the cart's bar that a card's button sat under the bar, and the tap
    // opened the cart instead of the product.
    await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
    await page.goto(`${origin}/menu/${encodeURIComponent(departmentId)}`);
    const products = await page.$$('[data-testid="product"]');
    if (products.length < 2) throw new Error(`the menu of ${departmentId} has fewer than two products`);
    const add = async (index) => {
      // The card's own add button while the product is not in the cart, its plus button after.
      const button = await products[index].waitForSelector('button:not([aria-label]), button[aria-label^="הוספת"]');
      // In the middle of the screen: the cart's bar, fixed at the bottom once a line is in, may cover a lower card.
      const sheet = await button.evaluate((element) => {
        element.scrollIntoView({ block: 'center' });
        return element.getAttribute('aria-haspopup');
      });
      await button.click();
      // A product with options opens its sheet; it is added with the groups' defaults (the same line each time).
      if (sheet) {
        await (await page.waitForSelector('[data-testid="sheet-add"]')).click();
        await page.waitForSelector('[data-testid="product-sheet"]', { hidden: true });
      }
    };
    await add(0);
    await page.waitForFunction(
      (key) => localStorage.getItem(key)?.includes('"quantity":1'),
      {},
      `cart_${departmentId}`,
    );
    await add(1);
    await page.waitForFunction(
      (key) => JSON.parse(localStorage.getItem(key) ?? '[]').length === 2,
      {},
      `cart_${departmentId}`,
    );
    await add(1);
    await page.waitForFunction(
      (key) => JSON.parse(localStorage.getItem(key) ?? '[]').reduce((sum, line) => sum + line.quantity, 0) === 3,
      {},
      `cart_${departmentId}`,
    );
  };
}

/**
 * A cart of two items paid with the sandbox's approved test card: the checkout places the order and opens its payment
 * page (the order is kept on the device), the card page's form is posted from the tab (with the diner's session), and
 * the thank-you page, whose address is measured, then shows the paid order. (The form is posted rather than filled in
 * its frame: the bench's product has no fixed public address for the frame to be served from.)
 */
export function withPaidOrder(origin, departmentId) {
  const cart = withCart(origin, departmentId);
  const thankYou = `${origin}/thank-you/${encodeURIComponent(departmentId)}`;
  return async (page) => {
    await cart(page);
    await page.goto(`${origin}/checkout/${encodeURIComponent(departmentId)}`);
    const frame = await page.waitForSelector('iframe[title="דף תשלום מאובטח"]', { timeout: 30_000 });
    const lowProfileId = new URL(await frame.evaluate((element) => element.src)).pathname.split('/').at(-1);
    const status = await page.evaluate(
      (path, body) =>
        fetch(path, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body,
          redirect: 'manual',
        }).then((answer) => answer.status),
      `/pay/sandbox/${encodeURIComponent(lowProfileId)}`,
      new URLSearchParams({ name: 'ישראל ישראלי', number: '4580000000000000', expiry: '12/30', cvv: '123' }).toString(),
    );
    // A manual redirect is an opaque answer (status 0) in a browser: the 303 of the paid card.
    if (status !== 0 && status !== 303) throw new Error(`the sandbox payment answered ${status}`);
    await page.goto(thankYou);
    // The thank-you page once it has the paid order: what a diner sees, and what the measured load reads again.
    await page.waitForSelector('[data-testid="order-number"]', { timeout: 30_000 });
    return page.url();
  };
}
