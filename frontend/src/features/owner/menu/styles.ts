export const smallButtonClass =
  'inline-flex min-h-11 min-w-11 items-center justify-center rounded-md border border-line bg-surface px-3 ' +
  'text-sm font-medium text-ink hover:bg-canvas disabled:cursor-not-allowed disabled:opacity-50';
