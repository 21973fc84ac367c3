// Heebo for the diner's page, loaded by script after the first paint (see diner.css), the same six files as
// ../fonts.css (Hebrew and Latin subsets, weights 400, 500 and 700). They are fetched first and then added to the
// document together: the menu, drawn in the device's font, switches to Heebo in one layout, instead of one when
// the @font-face rules arrive and one per file.
import hebrew400 from '@fontsource/heebo/files/heebo-hebrew-400-normal.woff2?url';
import hebrew500 from '@fontsource/heebo/files/heebo-hebrew-500-normal.woff2?url';
import hebrew700 from '@fontsource/heebo/files/heebo-hebrew-700-normal.woff2?url';
import latin400 from '@fontsource/heebo/files/heebo-latin-400-normal.woff2?url';
import latin500 from '@fontsource/heebo/files/heebo-latin-500-normal.woff2?url';
import latin700 from '@fontsource/heebo/files/heebo-latin-700-normal.woff2?url';

// The ranges of ../fonts.css (from @fontsource/heebo): a character takes its glyphs from the subset that covers it.
const HEBREW = 'U+0307-0308, U+0590-05FF, U+200C-2010, U+20AA, U+25CC, U+FB1D-FB4F';
const LATIN =
  'U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329, U+2000-206F, ' +
  'U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD';

const FILES: [url: string, weight: string, unicodeRange: string][] = [
  [hebrew400, '400', HEBREW],
  [latin400, '400', LATIN],
  [hebrew500, '500', HEBREW],
  [latin500, '500', LATIN],
  [hebrew700, '700', HEBREW],
  [latin700, '700', LATIN],
];

/** Loads Heebo and adds it to the document at once; a browser without the FontFace API keeps its own font. */
export async function loadHeebo(doc: Document = document): Promise<void> {
  if (typeof FontFace === 'undefined' || !doc.fonts) return;
  const faces = FILES.map(
    ([url, weight, unicodeRange]) =>
      new FontFace('Heebo', `url(${url}) format('woff2')`, { weight, unicodeRange, display: 'swap' }),
  );
  try {
    await Promise.all(faces.map((face) => face.load()));
  } catch {
    return;
  }
  for (const face of faces) doc.fonts.add(face);
}
