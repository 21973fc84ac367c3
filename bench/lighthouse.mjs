// Lighthouse's mobile run (its default: a mid-range phone's screen, simulated slow 4G, 4x CPU slowdown) against pages
// of the built app served by the product. Debian's Chromium (CHROME_PATH, else /usr/bin/chromium): no tool ever
// downloads a browser here. Each run gets a fresh browser and profile, so no run is served from an earlier run's cache.
//
// The simulated throttling scales what it observes on this machine, so the figures depend on the machine's speed: the
// CPU benchmark index Lighthouse measures at the start of each run is kept beside them (Lighthouse's own guidance:
// figures from runs with very different indexes are not comparable).
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const median = (values) => {
  const sorted = values.filter((value) => typeof value === 'number').sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

async function oneRun(url) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
    logLevel: 'silent',
  });
  try {
    const result = await lighthouse(url, { port: chrome.port, onlyCategories: ['performance'], logLevel: 'error' });
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
async function runWithRetries(url) {
  for (let attempt = 1; ; attempt++) {
    try {
      const run = await oneRun(url);
      return attempt > 1 ? { ...run, attempts: attempt } : run;
    } catch (error) {
      if (attempt >= 3) throw error;
      console.error(`[lighthouse] ${url}: ${error.message}; running again`);
    }
  }
}

/** `runs` Lighthouse runs of `url`; each figure is the median of its runs (every run is kept). */
export async function benchLighthouse(url, runs) {
  const all = [];
  for (let i = 0; i < runs; i++) all.push(await runWithRetries(url));
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
