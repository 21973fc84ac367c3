// Shared class names. Logical properties only (ms-/me-/ps-/pe-/text-start): the layout mirrors itself in RTL.
// Colours come from the checked palette in styles.css.

export const containerClass = 'mx-auto w-full max-w-5xl px-4 md:px-6';

export const primaryButtonClass =
  'inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-700 px-5 py-2 font-medium text-white ' +
  'motion-safe:transition-colors hover:bg-brand-800';

export const secondaryButtonClass =
  'inline-flex min-h-11 items-center justify-center rounded-lg border border-brand-700 bg-surface px-5 py-2 ' +
  'font-medium text-brand-700 motion-safe:transition-colors hover:bg-brand-50';

/** A step that is hard to undo: the confirming button of its dialog, and the outlined button that opens it. */
export const dangerButtonClass =
  'inline-flex min-h-11 items-center justify-center rounded-lg bg-danger px-5 py-2 font-medium text-white ' +
  'hover:opacity-90';
export const dangerOutlineClass =
  'inline-flex min-h-11 items-center justify-center rounded-lg border border-danger bg-surface px-5 py-2 ' +
  'font-medium text-danger hover:bg-danger-50';

export const textLinkClass = 'font-medium text-brand-700 underline hover:text-brand-900';
