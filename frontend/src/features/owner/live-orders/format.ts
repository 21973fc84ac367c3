// Times on the owner's screens are Israel's, whatever the device's own zone.
const hourMinute = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Jerusalem',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const dayAndTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Jerusalem',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** `2025-09-20T09:05:00Z` -> `12:05`. */
export function israelTime(iso: string): string {
  return hourMinute.format(new Date(iso));
}

/** `2025-09-20T09:05:00Z` -> `20/09/2025 12:05`. */
export function israelDateTime(iso: string): string {
  return dayAndTime.format(new Date(iso)).replace(',', '');
}
