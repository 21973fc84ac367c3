/** Saves a file the page made (a poster, the posters' PDF) through a hidden link with the download attribute. */
export function downloadFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later, not at once: some browsers read the file after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
