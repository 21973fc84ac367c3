/**
 * Calls `start` once the page's first content is on the screen: at the first contentful paint (at once when it has
 * happened already), or at once when #root is empty (nothing to show before the app runs). At most 3 s later in any
 * case. The diner's page starts its app so (diner/entry.ts), the landing page its contact form.
 */
export function afterFirstPaint(start: () => void, win: Window = window): void {
  const root = win.document.getElementById('root');
  if (!root?.firstElementChild) {
    start();
    return;
  }
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    start();
  };
  const Observer = (win as Window & { PerformanceObserver?: typeof PerformanceObserver }).PerformanceObserver;
  if (Observer?.supportedEntryTypes?.includes('paint')) {
    const observer = new Observer((list) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      once();
    });
    observer.observe({ type: 'paint', buffered: true });
  } else {
    // No paint timing (older Safari): the frame after the next one has been drawn.
    win.requestAnimationFrame(() => win.setTimeout(once, 0));
  }
  // Whatever happens (a page in a background tab does not paint), the menu becomes usable.
  win.setTimeout(once, 3_000);
}
