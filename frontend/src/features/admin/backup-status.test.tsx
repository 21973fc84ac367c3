import type { AdminBackupStatus } from '@tafrit/contracts/admin-types';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { heAdmin } from '@/i18n/he-admin';
import { createQueryClient } from '@/lib/query-client';
import { json, stubApi } from '@/test/api-stub';
import { BackupStatusLine } from './backup-status';

const t = heAdmin.backup;

function showStatus(status: AdminBackupStatus) {
  const calls = stubApi((call) =>
    call.path === '/api/admin/backup' ? json({ success: true, data: status }) : undefined,
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <BackupStatusLine />
    </QueryClientProvider>,
  );
  return calls;
}

const lastSuccess = { at: '2026-11-30T01:00:00.000Z', file: '/data/backups/tafrit-daily.tar.gz', sizeBytes: 5_767_168 };

beforeEach(() => localStorage.setItem('adminToken', 'admin-token'));
afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('the last backup on the dashboard', () => {
  it('shows its time and size, numbers left to right, with no warning, and is clean for axe', async () => {
    showStatus({ lastSuccess, lastFailure: null, warning: null, daily: true });
    const region = await screen.findByRole('region', { name: t.label });
    // 03:00 in Israel (winter, UTC+2).
    expect(region.textContent).toContain('30/11/2026 03:00');
    expect(region.textContent).toContain('5.5 MB');
    for (const number of region.querySelectorAll('bdi')) expect(number.getAttribute('dir')).toBe('ltr');
    expect(region.textContent).toContain(t.daily);
    expect(screen.queryByRole('alert')).toBeNull();
    const result = await axe.run(region, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations).toEqual([]);
  });

  it('warns when the last backup failed, with when and why', async () => {
    showStatus({
      lastSuccess,
      lastFailure: { at: '2026-11-30T12:00:00.000Z', error: 'no space left on the disk' },
      warning: 'failed',
      daily: true,
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(t.failed);
    expect(alert.textContent).toContain('no space left on the disk');
  });

  it('warns when the last backup is older than two days, and when there is none', async () => {
    showStatus({ lastSuccess, lastFailure: null, warning: 'stale', daily: false });
    expect((await screen.findByRole('alert')).textContent).toBe(t.stale);
    expect(screen.getByRole('region', { name: t.label }).textContent).toContain(t.manual);
  });

  it('warns when there is no backup yet', async () => {
    showStatus({ lastSuccess: null, lastFailure: null, warning: 'none-yet', daily: true });
    expect((await screen.findByRole('alert')).textContent).toBe(t.noneYet);
  });
});
