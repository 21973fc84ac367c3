import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom has no layout, so no scrollIntoView; the skip link calls it.
if (typeof Element !== 'undefined' && !Element.prototype.scrollIntoView) {
  Element.prototype.scrollIntoView = function scrollIntoView() {};
}

// A page's lazy chunk is transformed on its first use; on a busy 2-core CI machine that alone can pass Testing
// Library's default 1 s for findBy/waitFor (CI once saw an empty <div /> there). Waiting longer costs nothing when
// the page is quick, and a page that never comes still fails.
configure({ asyncUtilTimeout: 10_000 });

// Testing Library unmounts after each test only when test globals are on; ours are off, so say it here.
afterEach(() => {
  cleanup();
});
