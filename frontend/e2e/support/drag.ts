import type { Locator, Page } from 'playwright-core';

/** dnd-kit's live region (one per list) in `scope`, once it says `text`. */
export function announced(scope: Page | Locator, text: string): Promise<void> {
  return scope.locator('[id^="DndLiveRegion"]', { hasText: text }).waitFor();
}

/**
 * After a drag is lifted by keyboard, until dnd-kit's keyboard sensor hears the arrow keys. The sensor starts
 * listening in a timer of its own (`setTimeout(..., 0)` in `KeyboardSensor.attach`), set while the lifting key was
 * handled, before the lift is announced. A timer this sets afterwards runs after that one (timers of equal delay run
 * in the order they were set), so once it has run the arrows are heard. Without this wait an arrow key pressed as soon
 * as the lift was announced arrived first on a loaded machine and was lost (CI, 2026-11-26).
 */
export function keyboardSensorListening(page: Page): Promise<void> {
  return page.evaluate(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
}
