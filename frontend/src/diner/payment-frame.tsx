// The payment provider's page in a frame: the checkout's payment page, and the shared table's card hold (issue 34,
// part 3) shown the very same way. Only a web address may become the frame (never `javascript:`).
import { useText } from './language';

/** The card-payment provider's page (the one foreign origin the server's CSP lets the checkout frame). */
export const PROVIDER_ORIGIN = 'https://secure.cardcom.solutions';

/** A web address to frame, absolute, or null when it is none (another scheme, not an address). */
export function frameUrl(value: unknown): string | null {
  if (typeof value !== 'string' || !value) return null;
  try {
    const url = new URL(value, location.href);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** An address this page may frame: its own origin's (the sandbox) or the provider's. */
export const framable = (url: string): boolean => {
  const origin = new URL(url).origin;
  return origin === location.origin || origin === PROVIDER_ORIGIN;
};

/** The frame, 600 px high, titled for screen readers (the page's own words say what it is for). */
export function PaymentFrame({ src, title }: { src: string; title?: string }) {
  const t = useText();
  return (
    <iframe
      src={src}
      title={title ?? t.checkout.frameTitle}
      height={600}
      allow="payment"
      className="mt-4 block h-[600px] w-full rounded-xl border border-line bg-surface"
      data-testid="payment-frame"
    />
  );
}
