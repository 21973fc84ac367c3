// The marketing pixel (product spec §2: "ViewContent (Landing Page, Marketing)" on load). Only when the server put
// a pixel id into the page (`MARKETING_PIXEL_ID` -> <meta name="tafrit-pixel-id">): without one, nothing here runs
// and no third-party script is ever requested. The loader is Meta's snippet, written as module code because the
// content security policy allows no inline script.

export const PIXEL_META_NAME = 'tafrit-pixel-id';
export const PIXEL_SCRIPT_URL = 'https://connect.facebook.net/en_US/fbevents.js';

type PixelCall = (...args: unknown[]) => void;
interface PixelFunction extends PixelCall {
  callMethod?: PixelCall;
  queue: unknown[][];
  push: PixelFunction;
  loaded: boolean;
  version: string;
}
type PixelWindow = Window & { fbq?: PixelFunction; _fbq?: PixelFunction };

let viewSent = false;

export function configuredPixelId(doc: Document = document): string | null {
  const content = doc.querySelector<HTMLMetaElement>(`meta[name="${PIXEL_META_NAME}"]`)?.content?.trim() ?? '';
  return /^\d{5,20}$/.test(content) ? content : null;
}

function installPixel(win: PixelWindow, doc: Document): PixelFunction {
  if (win.fbq) return win.fbq;
  const fbq = function (...args: unknown[]) {
    if (fbq.callMethod) fbq.callMethod(...args);
    else fbq.queue.push(args);
  } as PixelFunction;
  fbq.push = fbq;
  fbq.loaded = true;
  fbq.version = '2.0';
  fbq.queue = [];
  win.fbq = fbq;
  win._fbq ??= fbq;
  const script = doc.createElement('script');
  script.async = true;
  script.src = PIXEL_SCRIPT_URL;
  doc.head.appendChild(script);
  return fbq;
}

/** Sends ViewContent once per page load, when a pixel id is configured. Returns whether it did. */
export function trackLandingView(win: Window = window, doc: Document = document): boolean {
  if (viewSent) return false;
  const pixelId = configuredPixelId(doc);
  if (!pixelId) return false;
  viewSent = true;
  const fbq = installPixel(win as PixelWindow, doc);
  fbq('init', pixelId);
  fbq('track', 'ViewContent', { content_name: 'Landing Page', content_category: 'Marketing' });
  return true;
}

/** For tests. */
export function resetPixelForTests(): void {
  viewSent = false;
}
