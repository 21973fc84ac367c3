// The landing page is wider than the app's screens: its sections have full-width backgrounds and a 6xl column.
export const landingContainerClass = 'mx-auto w-full max-w-6xl px-4 md:px-6';

// The sections under the hero are laid out only when they come near the screen (content-visibility): the page's
// first layout, and every one while the page hydrates, covers the header and the hero, not the whole page's text (on a
// slow phone those layouts were long tasks). `auto` keeps each section's real height once it has been drawn; before a
// link scrolls to a section, every section is laid out (section-link.tsx), so none above it changes height on the way.
export const sectionClass =
  'scroll-mt-4 py-16 outline-none md:py-24 [contain-intrinsic-size:auto_900px] [content-visibility:auto] [.sections-laid-out_&]:[content-visibility:visible]';

export const sectionTitleClass = 'text-3xl font-bold leading-tight text-ink md:text-4xl';

export const cardClass = 'rounded-2xl border border-line bg-surface p-6 shadow-sm';

export const iconBadgeClass = 'inline-flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700';
