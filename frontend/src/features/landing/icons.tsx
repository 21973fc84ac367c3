// Small line icons drawn for the landing page: decorative only (aria-hidden), the text next to them says it all.
import type { ReactNode } from 'react';

export type IconName =
  | 'phone'
  | 'sparkle'
  | 'wallet'
  | 'coins'
  | 'clock'
  | 'list'
  | 'shield'
  | 'printer'
  | 'chart'
  | 'check'
  | 'cross'
  | 'menu'
  | 'close'
  | 'chevron'
  | 'arrow';

const paths: Record<IconName, ReactNode> = {
  phone: (
    <>
      <rect x="7" y="2.5" width="10" height="19" rx="2.5" />
      <path d="M10.5 18.5h3" />
    </>
  ),
  sparkle: (
    <path d="M12 3l1.8 5.2L19 10l-5.2 1.8L12 17l-1.8-5.2L5 10l5.2-1.8zM18.5 15.5l.8 2.2 2.2.8-2.2.8-.8 2.2-.8-2.2-2.2-.8 2.2-.8z" />
  ),
  wallet: (
    <>
      <path d="M4 7.5A2.5 2.5 0 0 1 6.5 5H18v3" />
      <rect x="4" y="8" width="16" height="11" rx="2" />
      <path d="M16 13.5h1.5" />
    </>
  ),
  coins: (
    <>
      <ellipse cx="9" cy="7" rx="5" ry="2.5" />
      <path d="M4 7v4c0 1.4 2.2 2.5 5 2.5s5-1.1 5-2.5V7" />
      <path d="M10 15.8c.9 1 2.7 1.7 5 1.7 2.8 0 5-1.1 5-2.5v-4c0-1.2-1.6-2.2-3.8-2.4" />
    </>
  ),
  clock: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M12 7.5V12l3 2" />
    </>
  ),
  list: (
    <>
      <path d="M9 7h10M9 12h10M9 17h10" />
      <path d="M5 7h.01M5 12h.01M5 17h.01" />
    </>
  ),
  shield: (
    <>
      <path d="M12 3l7 3v5.5c0 4.4-3 7.9-7 9.5-4-1.6-7-5.1-7-9.5V6z" />
      <path d="M9 12l2 2 4-4" />
    </>
  ),
  printer: (
    <>
      <path d="M7 9V3.5h10V9" />
      <rect x="4" y="9" width="16" height="8" rx="2" />
      <path d="M7 14h10v6.5H7z" />
    </>
  ),
  chart: <path d="M4 20h16M7 16v-4M12 16V8M17 16v-7" />,
  check: <path d="M5 12.5l4.5 4.5L19 7.5" />,
  cross: <path d="M6.5 6.5l11 11M17.5 6.5l-11 11" />,
  menu: <path d="M4 7h16M4 12h16M4 17h16" />,
  close: <path d="M6 6l12 12M18 6L6 18" />,
  chevron: <path d="M6 9l6 6 6-6" />,
  arrow: <path d="M14 6l-6 6 6 6" />,
};

export function Icon({ name, className = 'size-6' }: { name: IconName; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      {paths[name]}
    </svg>
  );
}

/** The product's mark (the favicon's QR-like squares), beside the name in the header and footer. */
export function LogoMark({ className = 'size-8' }: { className?: string }) {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 32 32" className={className}>
      <rect width="32" height="32" rx="7" fill="#0f766e" />
      <g fill="#fff">
        <rect x="6" y="6" width="8" height="8" rx="1.5" />
        <rect x="18" y="6" width="8" height="8" rx="1.5" />
        <rect x="6" y="18" width="8" height="8" rx="1.5" />
        <rect x="18" y="18" width="3.5" height="3.5" rx="0.75" />
        <rect x="22.5" y="22.5" width="3.5" height="3.5" rx="0.75" />
      </g>
      <g fill="#0f766e">
        <rect x="8.5" y="8.5" width="3" height="3" rx="0.5" />
        <rect x="20.5" y="8.5" width="3" height="3" rx="0.5" />
        <rect x="8.5" y="20.5" width="3" height="3" rx="0.5" />
      </g>
    </svg>
  );
}
