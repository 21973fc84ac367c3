// The last backup on the administrator's dashboard (decision 061): its time and size, and a warning when the last
// attempt failed or the last backup is older than two days.
import { heAdmin } from '@/i18n/he-admin';
import { useBackupStatus } from './api';
import { dateTimeText } from './format';

const t = heAdmin.backup;

export function BackupStatusLine() {
  const status = useBackupStatus();
  if (status.isPending) return null;
  if (status.isError) {
    return (
      <p className="mt-3 text-muted" data-testid="backup-status">
        {t.unavailable}
      </p>
    );
  }
  const { lastSuccess, lastFailure, warning, daily } = status.data;
  const warningText =
    warning === 'failed' ? t.failed : warning === 'stale' ? t.stale : warning === 'none-yet' ? t.noneYet : null;
  return (
    <section aria-label={t.label} className="mt-3 max-w-prose" data-testid="backup-status">
      {lastSuccess ? (
        <p className="text-ink">
          {t.last}{' '}
          <bdi dir="ltr" className="font-medium">
            {dateTimeText(lastSuccess.at)}
          </bdi>{' '}
          (
          <bdi dir="ltr" className="font-medium">
            {t.size((lastSuccess.sizeBytes / 1_048_576).toFixed(1))}
          </bdi>
          )
        </p>
      ) : null}
      <p className="text-sm text-muted">{daily ? t.daily : t.manual}</p>
      {warningText ? (
        <p role="alert" className="mt-2 rounded-lg border border-danger bg-danger-50 px-3 py-2 font-medium text-danger">
          {warningText}
          {warning === 'failed' && lastFailure ? (
            <>
              {' '}
              <bdi dir="ltr">{dateTimeText(lastFailure.at)}</bdi>: <bdi dir="ltr">{lastFailure.error}</bdi>
            </>
          ) : null}
        </p>
      ) : null}
    </section>
  );
}
