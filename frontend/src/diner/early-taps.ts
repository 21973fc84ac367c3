// The server-rendered menu shows its add buttons before the app has arrived to make them work (entry.ts loads it
// after the first paint). A tap in that moment is kept here and given to the app once it has taken the page over,
// instead of being lost: the diner never has to wonder why "add" did nothing.

let kept: HTMLButtonElement[] = [];
let root: HTMLElement | null = null;

function keep(event: MouseEvent): void {
  const target = event.target as Element | null;
  const button = target?.closest?.('button');
  if (!button || !root?.contains(button)) return;
  event.preventDefault();
  if (!kept.includes(button)) kept.push(button);
}

/** From now until `replayEarlyTaps`, taps on the buttons inside `container` are kept. */
export function keepEarlyTaps(container: HTMLElement, doc: Document = document): void {
  root = container;
  doc.addEventListener('click', keep, true);
}

/**
 * Stops keeping taps and clicks what was tapped, in order, once the app listens (React hydrates the part it is in
 * first). A button the first tap replaced (add becomes minus and plus) is not clicked again.
 */
export function replayEarlyTaps(doc: Document = document): void {
  doc.removeEventListener('click', keep, true);
  const buttons = kept;
  kept = [];
  root = null;
  for (const button of buttons) if (button.isConnected) button.click();
}
