import type { CSSProperties } from 'react';

// The landing page is wider than the app's screens: its sections have full-width backgrounds and a 6xl column.
export const landingContainerClass = 'mx-auto w-full max-w-6xl px-4 md:px-6';

// The sections under the hero are laid out only when they come near the screen (content-visibility): the page's
// first layout, and every one while the page hydrates, covers the header and the hero, not the whole page's text (on a
// slow phone those layouts were long tasks). `auto` keeps each section's real height once it has been drawn; before a
// link scrolls to a section, every section is laid out (section-link.tsx), so none above it changes height on the way.
//
// The skipping comes with the HTML (`sectionStyle`, each section's style attribute), not with the stylesheet: a browser
// may style the page before its stylesheet has arrived (Chromium did, in a layout forced right after parsing, when the
// stylesheet came late on a busy machine), and a section skipped afterwards keeps the styles of its content from then.
// Skipped by the stylesheet only, the pricing section kept its registration button as the browser's blue link on no
// background, and when the section came into view (or axe read it) `transition-colors` faded the button from there to
// white on teal. Skipped from the first style on, nothing in a section is styled without the stylesheet. Laying all
// sections out must win over the attribute, hence the `!`.
export const sectionClass =
  'scroll-mt-4 py-16 outline-none md:py-24 [.sections-laid-out_&]:[content-visibility:visible]!';
export const sectionStyle: CSSProperties = { contentVisibility: 'auto', containIntrinsicSize: 'auto 900px' };

export const sectionTitleClass = 'text-3xl font-bold leading-tight text-ink md:text-4xl';

export const cardClass = 'rounded-2xl border border-line bg-surface p-6 shadow-sm';

export const iconBadgeClass = 'inline-flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700';
