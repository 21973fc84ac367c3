import type { Page } from 'playwright-core';
import { expect } from 'vitest';

// Two checks of what a page shows, run inside it on the real layout:
// - nothing a person reads or uses lies under the floating accessibility button, at any scroll position (issue 15,
//   item 7: the button keeps the spec's place, the pages keep room for it);
// - numbers in right-to-left text are isolated (item 12): a digit run next to another, an order number, a price or a
//   phone sits in a `<bdi>` or an element with `dir`, or the bidi algorithm may reorder it ("4000 0000" shows as
//   "0000 4000").

/** What lies under the accessibility button while the page is scrolled from top to bottom; empty when nothing. */
export async function coveredByA11yButton(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const button = document.querySelector<HTMLElement>('[data-testid="a11y-toggle"]');
    if (!button) return ['no accessibility button on the page'];
    const widget = button.closest('aside') ?? button;
    const INTERACTIVE =
      'a[href], button, input, select, textarea, summary, iframe, [tabindex]:not([tabindex="-1"]), [role="button"], [role="link"], [role="switch"]';

    interface Box {
      left: number;
      right: number;
      top: number;
      bottom: number;
    }
    const visible = (element: Element): boolean => {
      const style = getComputedStyle(element);
      return style.visibility !== 'hidden' && style.display !== 'none' && Number(style.opacity) > 0;
    };
    /** The part of a box that is not clipped away by a scrolling or clipping ancestor. */
    const clipped = (box: Box, element: Element): Box | null => {
      // Copied field by field: a DOMRect's sides are getters, which a spread would not copy.
      let result = { left: box.left, right: box.right, top: box.top, bottom: box.bottom };
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        const style = getComputedStyle(parent);
        if (style.overflowX === 'visible' && style.overflowY === 'visible' && style.clipPath === 'none') continue;
        const frame = parent.getBoundingClientRect();
        result = {
          left: Math.max(result.left, frame.left),
          right: Math.min(result.right, frame.right),
          top: Math.max(result.top, frame.top),
          bottom: Math.min(result.bottom, frame.bottom),
        };
      }
      return result.right - result.left > 1 && result.bottom - result.top > 1 ? result : null;
    };
    const overlaps = (a: Box, b: Box) =>
      Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5 &&
      Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5;

    // What to look at: controls, and every piece of text (by its own line boxes, not its block's).
    const targets: { describe: string; element: Element; boxes: () => Box[] }[] = [];
    for (const element of document.body.querySelectorAll(INTERACTIVE)) {
      if (widget.contains(element) || !visible(element)) continue;
      const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40);
      targets.push({
        describe: `<${element.tagName.toLowerCase()}> "${name}"`,
        element,
        boxes: () => [...element.getClientRects()],
      });
    }
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || !node.textContent?.trim() || widget.contains(parent)) continue;
      if (parent.closest('script, style, noscript, template, .sr-only') || !visible(parent)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      targets.push({
        describe: `text "${node.textContent.trim().slice(0, 40)}"`,
        element: parent,
        boxes: () => [...range.getClientRects()],
      });
    }

    // The first scroll position where each lies under it.
    const found = new Map<object, string>();
    const scrolling = document.scrollingElement ?? document.documentElement;
    const last = Math.max(0, scrolling.scrollHeight - innerHeight);
    const positions: number[] = [];
    for (let y = 0; y < last; y += 16) positions.push(y);
    positions.push(last);
    for (const y of positions) {
      scrollTo({ top: y, behavior: 'instant' });
      const area = button.getBoundingClientRect();
      for (const target of targets) {
        for (const box of target.boxes()) {
          const seen = clipped(box, target.element);
          if (seen && !found.has(target) && overlaps(seen, area))
            found.set(target, `${target.describe} (scrolled to ${y})`);
        }
      }
    }
    scrollTo({ top: 0, behavior: 'instant' });
    return [...found.values()];
  });
}

/** Text with numbers that is not isolated: digit runs side by side, order numbers, prices, phones, card numbers. */
export async function unisolatedNumbers(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    // A digit run beside another (through spaces or dashes), "#12", "₪14.00" or "14 ₪", "+972...".
    const RISKY = /\d[\s\u00a0-]+\d|#\s*\d|₪\s*\d|\d\s*₪|\+\d/;
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent ?? '';
      if (!parent || !RISKY.test(text)) continue;
      if (parent.closest('script, style, noscript, template, svg, [aria-hidden="true"], .sr-only')) continue;
      // Isolated: inside a <bdi> or an element that states its direction reading left to right.
      const isolated = parent.closest('bdi, [dir="ltr"], [dir="auto"]');
      if (isolated) continue;
      found.push(`<${parent.tagName.toLowerCase()}> "${text.trim().slice(0, 60)}"`);
    }
    return found;
  });
}

/**
 * What a person cannot read whole: text cut by an ellipsis, and text or a control reaching past the edge of a box that
 * hides its overflow, or past the screen's side (issue 29, item 11: the café's name cut to "קפ...", clipped chips).
 * A row that scrolls sideways (the category chips) is not clipped: the rest is a swipe away.
 */
export async function clippedContent(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const INTERACTIVE =
      'a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"]), [role="button"], [role="link"]';
    const found = new Set<string>();
    const visible = (element: Element): boolean => {
      const style = getComputedStyle(element);
      return style.visibility !== 'hidden' && style.display !== 'none' && Number(style.opacity) > 0;
    };
    // Cut is partly shown: a box wholly outside its frame is hidden on purpose (off-screen, collapsed), not clipped.
    const cut = (box: DOMRect, left: number, right: number) =>
      box.right > left + 1 && box.left < right - 1 && (box.left < left - 1 || box.right > right + 1);
    const check = (element: Element, box: DOMRect, describe: string) => {
      if (box.width < 1 || box.height < 1) return;
      for (
        let parent = element.parentElement;
        parent && parent !== document.documentElement;
        parent = parent.parentElement
      ) {
        const style = getComputedStyle(parent);
        // A row that scrolls shows the rest by a swipe; past it, the screen's side no longer matters either.
        if (/auto|scroll/.test(style.overflowX)) return;
        if (!/hidden|clip/.test(style.overflowX)) continue;
        const frame = parent.getBoundingClientRect();
        if (box.right <= frame.left + 1 || box.left >= frame.right - 1) return;
        if (cut(box, frame.left, frame.right)) {
          const where = `${Math.round(box.left)}-${Math.round(box.right)} in ${Math.round(frame.left)}-${Math.round(frame.right)}`;
          found.add(`${describe} (past the side of <${parent.tagName.toLowerCase()}>: ${where})`);
          return;
        }
      }
      if (cut(box, 0, innerWidth)) found.add(`${describe} (past the screen's side)`);
    };
    for (const element of document.body.querySelectorAll(INTERACTIVE)) {
      if (!visible(element) || element.closest('.sr-only, [hidden]')) continue;
      const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40);
      check(element, element.getBoundingClientRect(), `<${element.tagName.toLowerCase()}> "${name}"`);
    }
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || !node.textContent?.trim() || !visible(parent)) continue;
      if (parent.closest('script, style, noscript, template, .sr-only, [hidden]')) continue;
      const describe = `text "${node.textContent.trim().slice(0, 40)}"`;
      if (getComputedStyle(parent).textOverflow === 'ellipsis' && parent.scrollWidth > parent.clientWidth + 1) {
        found.add(`${describe} (cut by an ellipsis)`);
        continue;
      }
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const box of range.getClientRects()) check(parent, box, describe);
    }
    return [...found];
  });
}

/**
 * The page uses the whole width (decision 038): no column kept for the accessibility button, the page's <main> as far
 * from one side as from the other, and the button at the spec's place, 20 px from the side and 100 px from the top.
 */
export async function expectWholeWidth(page: Page, where: string): Promise<void> {
  await page.evaluate(() => scrollTo({ top: 0, behavior: 'instant' }));
  const sides = await page.evaluate(() => {
    const main = document.getElementById('main')!.getBoundingClientRect();
    const button = document.querySelector('[data-testid="a11y-toggle"]')!.getBoundingClientRect();
    return {
      start: Math.round(innerWidth - main.right),
      end: Math.round(main.left),
      button: [Math.round(button.left), Math.round(button.top)],
    };
  });
  expect(sides.start, `the main's sides on ${where}`).toBe(sides.end);
  expect(sides.button, `the accessibility button's place on ${where}`).toEqual([20, 100]);
}

/**
 * Nothing under the accessibility button, nothing clipped, no number out of order, and no sideways scroll on the page
 * as it is now.
 */
export async function expectTidy(page: Page, where: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  expect(await coveredByA11yButton(page), `under the accessibility button on ${where}`).toEqual([]);
  expect(await unisolatedNumbers(page), `numbers not isolated on ${where}`).toEqual([]);
  expect(await clippedContent(page), `clipped on ${where}`).toEqual([]);
  // A gutter is no excuse for a page wider than the screen. The message names what reaches past the screen's sides.
  const sideways = await page.evaluate(() => {
    const past = [...document.body.querySelectorAll('*')]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        if (box.width === 0 || (box.right <= innerWidth + 1 && box.left >= -1)) return false;
        // Inside a box that scrolls or clips, it widens nothing but that box.
        for (let up = element.parentElement; up && up !== document.body; up = up.parentElement) {
          if (getComputedStyle(up).overflowX !== 'visible') return false;
        }
        return true;
      })
      .slice(0, 5)
      .map((element) => {
        const box = element.getBoundingClientRect();
        const name = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}.${element.className}`;
        return `${name.slice(0, 80)} [${Math.round(box.left)}, ${Math.round(box.right)}]`;
      });
    return { width: document.documentElement.scrollWidth - innerWidth, past };
  });
  expect(sideways.width, `sideways on ${where}: ${sideways.past.join('; ')}`).toBe(0);
}
