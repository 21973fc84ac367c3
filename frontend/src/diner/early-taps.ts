// The server-rendered menu shows its add buttons before the app has arrived to make them work (entry.ts loads it
// after the first paint). A tap in that moment is kept here and given to the app once it has taken the page over,
// instead of being lost: the diner never has to wonder why "add" did nothing.

let kept: HTMLElement[] = [];
let root: HTMLElement | null = null;
/** A language picked in the header's switcher before the app arrived (the hydration then redraws the old one). */
let language: string | undefined;

function keepLanguage(event: Event): void {
  const target = event.target;
  if (target instanceof HTMLSelectElement && target.name === 'lang' && root?.contains(target)) language = target.value;
}

function keep(event: MouseEvent): void {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const target = event.target as Element | null;
  const control = target?.closest?.('button, a[href]') as HTMLElement | null;
  if (!control || !root?.contains(control)) return;
  // A link goes as it always does (the next page reads the cart from the device), unless a tap waits to be replayed:
  // then it waits too, or the cart page would open without what was just added.
  if (control instanceof HTMLAnchorElement && (kept.length === 0 || control.getAttribute('href')?.startsWith('#')))
    return;
  event.preventDefault();
  if (!kept.includes(control)) kept.push(control);
  // Seen at once, acted on when the app is ready (decision 022): on a slow line the app may take seconds, and a tap
  // that shows nothing is tapped again or taken for broken. The mark is the stylesheet's (diner.css).
  control.setAttribute('aria-busy', 'true');
  control.setAttribute('data-early-tap', '');
}

function unmark(control: HTMLElement): void {
  control.removeAttribute('aria-busy');
  control.removeAttribute('data-early-tap');
}

/**
 * From now until `replayEarlyTaps`, taps on the buttons inside `container` are kept, and so are taps on its links
 * once a button tap is kept.
 */
export function keepEarlyTaps(container: HTMLElement, doc: Document = document): void {
  root = container;
  doc.addEventListener('click', keep, true);
  doc.addEventListener('change', keepLanguage, true);
}

/** The language picked before the app took the page over, once (for the app to choose it as the switcher would). */
export function takeEarlyLanguage(): string | undefined {
  const picked = language;
  language = undefined;
  return picked;
}

/**
 * Stops keeping taps and clicks what was tapped, in order, once the app listens (React hydrates the part it is in
 * first). A button the first tap replaced (add becomes minus and plus) is not clicked again.
 */
export function replayEarlyTaps(doc: Document = document): void {
  doc.removeEventListener('click', keep, true);
  doc.removeEventListener('change', keepLanguage, true);
  const buttons = kept;
  kept = [];
  root = null;
  // Unmarked first, in this task: React hydrates after it, and finds the elements as the server drew them.
  for (const button of buttons) unmark(button);
  for (const button of buttons) if (button.isConnected) button.click();
}
