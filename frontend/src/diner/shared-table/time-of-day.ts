/** A time of day in Israel (the café's), 24 hours: "20:15", the same on every phone whatever its zone or language. */
const timeOfDay = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'Asia/Jerusalem',
});

export const formatTime = (iso: string): string => timeOfDay.format(new Date(iso));
