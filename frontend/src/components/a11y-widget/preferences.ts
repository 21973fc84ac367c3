// The accessibility widget's choices: kept on the device, applied as classes on <html> (styles in a11y-widget.css).
// This module is in the entry chunk and runs before the first render, so a page never flashes without them.
import { readJson, writeJson } from '@/lib/storage';

export const A11Y_STORAGE_KEY = 'a11yPreferences';

export const a11yOptions = ['largeText', 'highContrast', 'underlineLinks', 'stopAnimations', 'readableFont'] as const;
export type A11yOption = (typeof a11yOptions)[number];
export type A11yPreferences = Partial<Record<A11yOption, boolean>>;

/** `largeText` -> `a11y-large-text` */
export const a11yClassOf = (option: A11yOption): string =>
  `a11y-${option.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;

/** The stored choices; anything unreadable or unknown counts as off. */
export function readA11yPreferences(): A11yPreferences {
  const stored = readJson<Record<string, unknown>>(A11Y_STORAGE_KEY);
  const preferences: A11yPreferences = {};
  for (const option of a11yOptions) if (stored?.[option] === true) preferences[option] = true;
  return preferences;
}

export function applyA11yPreferences(preferences: A11yPreferences, root: Element = document.documentElement): void {
  for (const option of a11yOptions) root.classList.toggle(a11yClassOf(option), preferences[option] === true);
}

export function saveA11yPreferences(preferences: A11yPreferences): void {
  writeJson(A11Y_STORAGE_KEY, preferences);
  applyA11yPreferences(preferences);
}

export function applyStoredA11yPreferences(): void {
  if (typeof document !== 'undefined') applyA11yPreferences(readA11yPreferences());
}

/** True when motion should stop: the system asks for less motion, or the person chose "stop animations". */
export function prefersReducedMotion(): boolean {
  if (typeof document === 'undefined') return false;
  if (document.documentElement.classList.contains(a11yClassOf('stopAnimations'))) return true;
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}
