// Files the consoles download (CSV, Masav): fetched with the bearer token, since a plain link could not carry it,
// and handed to the browser from a blob.

/** `attachment; filename="orders-2026-11.csv"` -> `orders-2026-11.csv`. */
export function filenameFrom(disposition: string | null, fallback: string): string {
  const match = disposition ? /filename="?([^";]+)"?/i.exec(disposition) : null;
  return match?.[1]?.trim() || fallback;
}

/** Hands a blob to the browser as a download, through a temporary object URL. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next turn: some browsers start the download only after the click handler returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
