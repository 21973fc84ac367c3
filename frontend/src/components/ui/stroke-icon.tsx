// The small line icons of the shared controls (a dialog's or a toast's close, a combobox's opener): one 16-unit square
// drawn in the text's colour, hidden from screen readers (the button carries the name).

/** The close button's cross. */
export const CROSS = 'M3 3l10 10M13 3L3 13';
/** A list's opener: a chevron pointing down. */
export const CHEVRON_DOWN = 'M3 6l5 5 5-5';

export function StrokeIcon({ path }: { path: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 16 16" className="size-4" fill="none" stroke="currentColor" strokeWidth="2">
      <path d={path} />
    </svg>
  );
}
