import type { MouseEvent, ReactNode } from 'react';
import { prefersReducedMotion } from '@/components/a11y-widget/preferences';

/**
 * Scrolls to the element whose id is `id` (product spec §2: smooth-scroll links), at once when the person asked for
 * less motion, and moves the keyboard focus there so the next Tab continues from the section, not from the link.
 */
export function scrollToSection(id: string): boolean {
  const target = document.getElementById(id);
  if (!target) return false;
  layOutAllSections();
  target.scrollIntoView({ behavior: prefersReducedMotion() ? 'instant' : 'smooth', block: 'start' });
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
  // The address shows the section (to share or reload) without a history entry per click.
  if (window.location.hash !== `#${id}`) window.history.replaceState(window.history.state, '', `#${id}`);
  return true;
}

/**
 * The sections off screen are not laid out (content-visibility, layout.ts) and stand at an estimated height: laid out
 * on the way down, they would move the target while the page scrolls to it. Laid out once, they keep their real
 * heights (`auto`).
 */
export function layOutAllSections(): void {
  document.documentElement.classList.add('sections-laid-out');
}

/** `<a href="#pricing">`: a real link (it works without JavaScript and opens in a new tab), scrolled by us. */
export function SectionLink({
  section,
  className,
  children,
  onNavigate,
}: {
  section: string;
  className?: string;
  children: ReactNode;
  /** Runs before the scroll: the mobile menu closes itself here. */
  onNavigate?: () => void;
}) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    onNavigate?.();
    if (scrollToSection(section)) event.preventDefault();
  };
  return (
    <a href={`#${section}`} className={className} onClick={onClick}>
      {children}
    </a>
  );
}
