// The kitchen screen's full-screen mode (issue 18, decision 032): the whole document goes full screen (so the
// accessibility button and its gutter stay, and dialogs opened from a card still show), and the console's header
// steps aside while it is (styles.css). Not remembered: browsers allow full screen only from a press, so a
// remembered choice could not be restored on the next visit anyway.
import { useEffect, useState } from 'react';
import { heOwner } from '@/i18n/he-owner';
import { bigSecondaryButtonClass } from './order-card';

const t = heOwner.live;

const isFullscreen = () =>
  typeof document !== 'undefined' && document.fullscreenElement !== null && document.fullscreenElement !== undefined;

export function useFullscreen() {
  const [active, setActive] = useState(isFullscreen);
  const supported = typeof document !== 'undefined' && document.fullscreenEnabled === true;

  useEffect(() => {
    const follow = () => setActive(isFullscreen());
    document.addEventListener('fullscreenchange', follow);
    return () => {
      document.removeEventListener('fullscreenchange', follow);
      // Leaving the page leaves full screen: the other console pages are not made for it.
      if (isFullscreen()) void document.exitFullscreen().catch(() => undefined);
    };
  }, []);

  async function toggle() {
    if (isFullscreen()) await document.exitFullscreen();
    else await document.documentElement.requestFullscreen({ navigationUI: 'hide' });
  }

  return { supported, active, toggle };
}

/** One button: "מסך מלא", and while full screen "יציאה ממסך מלא" (Escape leaves too, as in every browser). */
export function FullscreenButton() {
  const { supported, active, toggle } = useFullscreen();
  if (!supported) return null;
  return (
    <button
      type="button"
      onClick={() => void toggle().catch(() => undefined)}
      className={`${bigSecondaryButtonClass} gap-2`}
      data-testid="fullscreen-toggle"
      data-active={active}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2">
        {active ? (
          <path d="M9 3v6H3M15 3v6h6M9 21v-6H3M15 21v-6h6" />
        ) : (
          <path d="M3 9V3h6M21 9V3h-6M3 15v6h6M21 15v6h-6" />
        )}
      </svg>
      {active ? t.exitFullscreen : t.fullscreen}
    </button>
  );
}
