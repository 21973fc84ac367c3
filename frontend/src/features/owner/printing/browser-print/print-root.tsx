// The print-only root: off screen (never display:none, so the slip has a height to size the page by) and hidden from
// assistive technology; the page's print rule shows it alone on paper.
import { createPortal } from 'react-dom';
import type { ReactNode } from 'react';
import { PRINT_ROOT_ID } from './browser-print';

export function PrintRoot({ children }: { children: ReactNode }) {
  return createPortal(
    <div id={PRINT_ROOT_ID} aria-hidden="true" style={{ position: 'fixed', top: 0, left: '-10000px' }}>
      {children}
    </div>,
    document.body,
  );
}
