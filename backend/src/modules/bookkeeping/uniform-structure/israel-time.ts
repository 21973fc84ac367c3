import { TZDate } from '@date-fns/tz';

/** The file's dates and times are Israel's (the business's), never UTC: a 00:30 sale belongs to its own day. */
const TZ = 'Asia/Jerusalem';

export interface IsraelMoment {
  /** YYYY-MM-DD */
  date: string;
  /** HH:MM */
  time: string;
  /** YY, the folder's year */
  yy: string;
  /** MMDDhhmm, the folder's last part */
  mmddhhmm: string;
}

const two = (value: number): string => String(value).padStart(2, '0');

export function israelMoment(instant: Date | string): IsraelMoment {
  const at = new TZDate(new Date(instant).getTime(), TZ);
  if (Number.isNaN(at.getTime())) throw new RangeError(`not an instant: ${String(instant)}`);
  const year = String(at.getFullYear()).padStart(4, '0');
  const month = two(at.getMonth() + 1);
  const day = two(at.getDate());
  const hour = two(at.getHours());
  const minute = two(at.getMinutes());
  return {
    date: `${year}-${month}-${day}`,
    time: `${hour}:${minute}`,
    yy: year.slice(2),
    mmddhhmm: `${month}${day}${hour}${minute}`,
  };
}
