import { describe, expect, it } from '@jest/globals';
import { backupFileName, backupsToRemove, DAILY_PREFIX, MANUAL_PREFIX } from '../../src/platform/backup/retention.js';

const daily = (iso: string) => backupFileName(DAILY_PREFIX, new Date(iso));

/** One daily backup at 03:00 UTC on each of `days` days ending on `last` (newest first). */
function dailyBackups(last: string, days: number): string[] {
  const end = new Date(`${last}T03:00:00Z`).getTime();
  return Array.from({ length: days }, (_, n) => backupFileName(DAILY_PREFIX, new Date(end - n * 86_400_000)));
}

describe('the daily backups kept', () => {
  it('keeps the last seven days and the newest of each of the last four weeks, and removes the rest', () => {
    // 2026-11-30 is a Monday: 60 days of daily backups.
    const names = dailyBackups('2026-11-30', 60);
    const removed = new Set(backupsToRemove(names));
    const kept = names.filter((name) => !removed.has(name)).sort();
    expect(kept).toEqual(
      [
        // The newest of each earlier week (Sunday the 1st, 22nd and 15th of this month's weeks)...
        daily('2026-11-15T03:00:00Z'),
        daily('2026-11-22T03:00:00Z'),
        // ...and the last seven days (the newest of the week of Monday the 30th is among them).
        ...['24', '25', '26', '27', '28', '29', '30'].map((day) => daily(`2026-11-${day}T03:00:00Z`)),
      ].sort(),
    );
    expect(kept).toHaveLength(9);
  });

  it('keeps the newest of a day that has two, and never touches other files', () => {
    const names = [
      daily('2026-11-30T03:00:00Z'),
      daily('2026-11-30T15:00:00Z'),
      backupFileName(MANUAL_PREFIX, new Date('2026-01-01T00:00:00Z')),
      'last-backup.json',
      'notes.txt',
    ];
    expect(backupsToRemove(names)).toEqual([daily('2026-11-30T03:00:00Z')]);
  });

  it('removes nothing while there are fewer than a week of backups', () => {
    expect(backupsToRemove(dailyBackups('2026-11-30', 5))).toEqual([]);
  });

  it('names a backup by its UTC time, so that names sort as times', () => {
    expect(daily('2026-11-30T03:04:05.678Z')).toBe('tafrit-daily-20261130-030405.tar.gz');
  });
});
