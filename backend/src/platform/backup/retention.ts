/** The daily backups the server takes by itself, named by their UTC time so that names sort as times. */
export const DAILY_PREFIX = 'tafrit-daily-';
/** A backup taken with `npm run backup`: never removed by the daily job's retention. */
export const MANUAL_PREFIX = 'tafrit-backup-';
export const BACKUP_SUFFIX = '.tar.gz';

export const KEPT_DAILY = 7;
export const KEPT_WEEKLY = 4;

/** `tafrit-daily-20261130-031500.tar.gz` for 2026-11-30 03:15:00 UTC. */
export function backupFileName(prefix: string, at: Date): string {
  const iso = at.toISOString();
  return `${prefix}${iso.slice(0, 10).replaceAll('-', '')}-${iso.slice(11, 19).replaceAll(':', '')}${BACKUP_SUFFIX}`;
}

const NAME = /^(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})\.tar\.gz$/;

/** The time a backup's name gives, or undefined for a name that is not one of ours. */
export function timeOfBackup(prefix: string, name: string): Date | undefined {
  if (!name.startsWith(prefix)) return undefined;
  const match = NAME.exec(name.slice(prefix.length));
  if (!match) return undefined;
  const [, year, month, day, hour, minute, second] = match.map(Number) as number[];
  return new Date(Date.UTC(year!, month! - 1, day!, hour!, minute!, second!));
}

/** Monday of the UTC week of `at`, as `YYYY-MM-DD`: backups of one week share it. */
function weekOf(at: Date): string {
  const monday = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
  return monday.toISOString().slice(0, 10);
}

/**
 * Which daily backups to remove: the newest of each of the last `KEPT_DAILY` days that have one stay, and the newest
 * of each of the last `KEPT_WEEKLY` weeks; everything else of ours goes. Names that are not daily backups (a manual
 * backup, a file the operator put there) are never in the answer.
 */
export function backupsToRemove(names: readonly string[]): string[] {
  const dated = names
    .map((name) => ({ name, at: timeOfBackup(DAILY_PREFIX, name) }))
    .filter((entry): entry is { name: string; at: Date } => entry.at !== undefined)
    .sort((a, b) => b.at.getTime() - a.at.getTime());
  const keep = new Set<string>();
  const days = new Set<string>();
  const weeks = new Set<string>();
  for (const { name, at } of dated) {
    const day = at.toISOString().slice(0, 10);
    if (!days.has(day) && days.size < KEPT_DAILY) {
      days.add(day);
      keep.add(name);
    }
    const week = weekOf(at);
    if (!weeks.has(week) && weeks.size < KEPT_WEEKLY) {
      weeks.add(week);
      keep.add(name);
    }
  }
  return dated.filter(({ name }) => !keep.has(name)).map(({ name }) => name);
}
