import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { israelPhoneMetadata } from './phone-metadata.js';

const require = createRequire(import.meta.url);

describe('the Israel-only phone metadata', () => {
  it('is the installed libphonenumber-js max metadata of Israel, unchanged', () => {
    const all = require('libphonenumber-js/metadata.max.json') as {
      version: number;
      country_calling_codes: Record<string, string[]>;
      countries: Record<string, unknown>;
    };
    expect(all.country_calling_codes['972']).toEqual(['IL']);
    // On a library update that changes Israel's plan, paste this value into phone-metadata.ts.
    expect(israelPhoneMetadata).toEqual({
      version: all.version,
      country_calling_codes: { '972': ['IL'] },
      countries: { IL: all.countries.IL },
      nonGeographic: {},
    });
  });
});
