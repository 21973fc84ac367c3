// Printing a slip through the browser: the slip is drawn into a print-only root, the page's size is set to the
// paper's width and the slip's height, and window.print() sends it. With Chromium's --kiosk-printing switch the
// browser prints to the default printer without its dialog (Settings explains how).
import type { PaperWidth } from '@tafrit/contracts/printing';
import { PAPER_MM } from './slip-view';

const STORAGE_KEY = 'tafrit.browserPrinting';

export interface BrowserPrintingPreference {
  enabled: boolean;
  paper: PaperWidth;
}

export function loadPreference(): BrowserPrintingPreference {
  try {
    const saved = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as Partial<BrowserPrintingPreference> | null;
    return { enabled: saved?.enabled === true, paper: saved?.paper === '58mm' ? '58mm' : '80mm' };
  } catch {
    return { enabled: false, paper: '80mm' };
  }
}

export function savePreference(preference: BrowserPrintingPreference): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(preference));
  } catch {
    // private mode: the choice lasts as long as the page
  }
}

export const PRINT_ROOT_ID = 'browser-slip-root';
const PAGE_STYLE_ID = 'browser-slip-page';

/** The @page rule for a slip `heightPx` tall: one page the slip's size, so a roll printer cuts after it. */
export function pageRule(paper: PaperWidth, heightPx: number): string {
  const heightMm = Math.ceil((heightPx * 25.4) / 96) + 4;
  return `@page { size: ${PAPER_MM[paper]}mm ${heightMm}mm; margin: 0; }`;
}

/** Sizes the page to the slip now in the print root; while set, printing the page prints the slip alone. */
export function preparePrint(paper: PaperWidth): void {
  const root = document.getElementById(PRINT_ROOT_ID);
  if (!root) return;
  let style = document.getElementById(PAGE_STYLE_ID);
  if (!style) {
    style = document.createElement('style');
    style.id = PAGE_STYLE_ID;
    document.head.append(style);
  }
  style.textContent =
    `${pageRule(paper, root.scrollHeight)}\n` +
    `@media print { body > *:not(#${PRINT_ROOT_ID}) { display: none !important; } ` +
    `#${PRINT_ROOT_ID} { position: static !important; left: auto !important; } }`;
}

export function clearPrint(): void {
  document.getElementById(PAGE_STYLE_ID)?.remove();
}
