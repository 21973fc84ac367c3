import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom has no layout, so no scrollIntoView; the skip link calls it.
if (typeof Element !== 'undefined' && !Element.prototype.scrollIntoView) {
  Element.prototype.scrollIntoView = function scrollIntoView() {};
}

// Testing Library unmounts after each test only when test globals are on; ours are off, so say it here.
afterEach(() => {
  cleanup();
});
