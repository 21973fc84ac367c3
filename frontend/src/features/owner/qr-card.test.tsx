import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { heOwner } from '@/i18n/he-owner';
import { QrCard } from './qr-card';

const s = heOwner.settings;

describe('the QR code card', () => {
  it('shows the code of the public menu and a link to it, with print and download', async () => {
    render(<QrCard departmentId="demo" businessName="קפה הגפן" logo={null} />);
    const code = await screen.findByRole('img', { name: new RegExp(s.qrAlt) });
    expect(code.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
    const url = `${window.location.origin}/menu/demo`;
    const link = screen.getByTestId('qr-url');
    expect(link.textContent).toBe(url);
    expect(link.getAttribute('href')).toBe(url);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(screen.getByTestId('qr-link').getAttribute('href')).toBe(url);
    expect(screen.getByRole('button', { name: s.qrPrint })).toBeTruthy();
    expect(screen.getByRole('button', { name: s.qrDownload })).toBeTruthy();
  });

  it('explains that there is no code without a department', () => {
    render(<QrCard departmentId={null} businessName="קפה הגפן" logo={null} />);
    expect(screen.getByText(s.qrNoDepartment)).toBeTruthy();
    expect(screen.queryByRole('button', { name: s.qrDownload })).toBeNull();
  });

  it('takes 1 to 200 tables, and says so next to the field otherwise', async () => {
    render(<QrCard departmentId="demo" businessName="קפה הגפן" logo={null} />);
    const tables = screen.getByLabelText(new RegExp(s.qrTables));
    await userEvent.type(tables, '201');
    expect(tables.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(s.qrTablesInvalid)).toBeTruthy();
    await userEvent.clear(tables);
    await userEvent.type(tables, '12');
    expect(tables.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText(s.qrTablesInvalid)).toBeNull();
  });
});
