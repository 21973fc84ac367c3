// Class names of form controls. A file of its own, not styles.ts: styles.ts is in the entry chunk every diner
// downloads, and these are only needed by the owner and admin forms.

export const labelClass = 'block font-medium text-ink';

export const hintClass = 'mt-1 text-sm text-muted';

export const errorTextClass = 'mt-1 text-sm font-medium text-danger';

export const inputClass =
  'mt-1 block min-h-11 w-full rounded-lg border border-line bg-surface px-3 py-2 text-ink ' +
  'aria-[invalid=true]:border-2 aria-[invalid=true]:border-danger read-only:bg-canvas read-only:text-muted ' +
  'disabled:cursor-not-allowed disabled:opacity-70';

/** Phones, codes and numbers: typed left to right, aligned with the right-to-left labels above them. */
export const ltrInputClass = `${inputClass} text-end`;

export const cardClass = 'rounded-xl border border-line bg-surface p-5 shadow-sm md:p-6';

export const cardTitleClass = 'text-xl font-bold text-ink';

export const buttonBusyClass = 'disabled:cursor-wait disabled:opacity-80';
