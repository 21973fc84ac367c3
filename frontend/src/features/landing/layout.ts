// The landing page is wider than the app's screens: its sections have full-width backgrounds and a 6xl column.
export const landingContainerClass = 'mx-auto w-full max-w-6xl px-4 md:px-6';

export const sectionClass = 'scroll-mt-4 py-16 outline-none md:py-24';

export const sectionTitleClass = 'text-3xl font-bold leading-tight text-ink md:text-4xl';

export const cardClass = 'rounded-2xl border border-line bg-surface p-6 shadow-sm';

export const iconBadgeClass = 'inline-flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700';
