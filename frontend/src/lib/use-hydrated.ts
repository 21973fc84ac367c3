// Whether this render may read the device (the session, the stored business, the clock). A console page comes as HTML
// rendered at build time (scripts/prerender.mjs), with no session and no date: while React takes that HTML over, it
// must draw exactly that, or it would throw the HTML away and draw the page again (a hydration error). So the parts
// that depend on the device are drawn in the render right after: false while hydrating (and in the build's render),
// true otherwise, including every page that was not rendered at build time.
import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
