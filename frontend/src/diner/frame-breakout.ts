// The payment page, when it is done, loads OUR `/thank-you/{id}` (paid) or `/checkout/{id}?payment=failed` inside its
// own frame: that is how a hosted payment page returns. Left alone, the diner would see our whole page nested in the
// checkout's frame. So before anything renders, a page that finds itself framed on one of those addresses moves the
// whole tab there instead. Only our own origin may frame us (CSP frame-ancestors 'self'), so the top is ours to move.
import { parseDinerPath } from './paths';

// In the page's language (<html lang>, set by the server): this runs before the app and its language packs.
const continueText: Record<string, string> = { he: 'להמשך', ar: 'متابعة', en: 'Continue', ru: 'Продолжить' };

/** Where a payment page ends: the thank-you page, or the checkout saying the payment failed. */
export function isPaymentReturn(pathname: string, search: string): boolean {
  const route = parseDinerPath(pathname, search, null);
  if (route.page === 'thank-you') return true;
  return route.page === 'checkout' && new URLSearchParams(search).get('payment') === 'failed';
}

function framedTop(win: Window): Window | null {
  try {
    const top = win.top;
    return top && top !== win.self ? top : null;
  } catch {
    return null;
  }
}

/**
 * True when this page is a payment return loaded inside a frame: the top window is sent to the same address and the
 * caller must render nothing. `root` is emptied so the frame shows nothing while the tab moves; if the browser
 * refuses the move, a plain link that opens in the whole tab stays in its place.
 */
export function breakOutOfFrame(win: Window, root: HTMLElement | null): boolean {
  const top = framedTop(win);
  if (!top || !isPaymentReturn(win.location.pathname, win.location.search)) return false;
  root?.replaceChildren();
  try {
    top.location.href = win.location.href;
  } catch {
    if (root) {
      const link = win.document.createElement('a');
      link.href = win.location.href;
      link.target = '_top';
      link.textContent = continueText[win.document.documentElement.lang] ?? 'להמשך';
      link.className = 'm-4 inline-flex min-h-11 items-center font-medium text-brand-700 underline';
      root.append(link);
    }
  }
  return true;
}
