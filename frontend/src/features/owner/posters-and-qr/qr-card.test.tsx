import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { heOwner } from '@/i18n/he-owner';
import { createQueryClient } from '@/lib/query-client';
import { json, stubApi } from '@/test/api-stub';
import { downloadFile } from './download-file';
import { makePosterPdf, type PosterPdfRequest } from './poster-pdf';
import { posterPdfText } from './poster-text';
import { QrCard } from './qr-card';

// The PDF itself is drawn on canvases jsdom does not have: the browser test (e2e/posters.e2e.ts) opens a real one.
vi.mock('./poster-pdf', () => ({ makePosterPdf: vi.fn() }));
vi.mock('./download-file', () => ({ downloadFile: vi.fn() }));

const s = heOwner.settings;
const p = posterPdfText;

function renderCard(card: ReactNode) {
  render(<QueryClientProvider client={createQueryClient()}>{card}</QueryClientProvider>);
}

beforeEach(() => {
  localStorage.setItem('authToken', 'owner-token');
  stubApi((call) =>
    call.path === '/api/business/diner-languages'
      ? json({ success: true, data: { languages: ['he', 'en', 'ar'] } })
      : undefined,
  );
});
afterEach(() => {
  localStorage.clear();
  vi.mocked(makePosterPdf).mockReset();
  vi.mocked(downloadFile).mockReset();
});

describe('the QR code card', () => {
  it('shows the code of the public menu and a link to it, with print and download', async () => {
    renderCard(<QrCard departmentId="demo" businessName="קפה הגפן" logo={null} />);
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
    renderCard(<QrCard departmentId={null} businessName="קפה הגפן" logo={null} />);
    expect(screen.getByText(s.qrNoDepartment)).toBeTruthy();
    expect(screen.queryByRole('button', { name: s.qrDownload })).toBeNull();
    expect(screen.queryByRole('button', { name: p.make })).toBeNull();
  });

  it('takes 1 to 200 tables, and says so next to the field otherwise', async () => {
    renderCard(<QrCard departmentId="demo" businessName="קפה הגפן" logo={null} />);
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

describe("the QR card's PDF for all tables", () => {
  it('says which languages the instruction is printed in: Hebrew, then those the business offers', async () => {
    renderCard(<QrCard departmentId="demo" businessName="קפה הגפן" logo={null} />);
    expect(screen.getByTestId('poster-languages').textContent).toBe(p.languagesLoading);
    await screen.findByText(`${p.languagesLabel} עברית, ערבית, אנגלית`);
    expect(screen.getByRole('radio', { name: new RegExp(p.formats.a4.label) })).toHaveProperty('checked', true);
  });

  it('asks for the number of tables first, and takes the keyboard to the field', async () => {
    renderCard(<QrCard departmentId="demo" businessName="קפה הגפן" logo={null} />);
    await userEvent.click(screen.getByRole('button', { name: p.make }));
    expect(screen.getByText(p.tablesMissing)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText(new RegExp(s.qrTables)));
    expect(makePosterPdf).not.toHaveBeenCalled();
  });

  it('makes the PDF of every table in the chosen format, shows each page as it goes and downloads the file', async () => {
    let finish: (pdf: Blob) => void = () => undefined;
    vi.mocked(makePosterPdf).mockImplementation((request: PosterPdfRequest) => {
      request.onProgress(2, 3);
      return new Promise<Blob>((resolve) => {
        finish = resolve;
      });
    });
    renderCard(<QrCard departmentId="demo" businessName="קפה הגפן" logo="/uploads/logo.webp" />);
    await userEvent.type(screen.getByLabelText(new RegExp(s.qrTables)), '3');
    await userEvent.click(screen.getByRole('radio', { name: new RegExp(p.formats.tent.label) }));
    await userEvent.click(screen.getByRole('button', { name: p.make }));

    const progress = await screen.findByTestId('poster-pdf-progress');
    expect(progress.textContent).toContain(`${p.progressPrefix} 2 ${p.progressOf} 3`);
    expect(progress.querySelectorAll('bdi')).toHaveLength(2);
    expect(screen.getByRole('progressbar', { name: p.progressLabel }).getAttribute('aria-valuenow')).toBe('33');
    expect(makePosterPdf).toHaveBeenCalledWith(
      expect.objectContaining({
        format: 'tent',
        origin: window.location.origin,
        departmentId: 'demo',
        businessName: 'קפה הגפן',
        logo: '/uploads/logo.webp',
        tables: 3,
        languages: ['he', 'ar', 'en'],
        title: 'קפה הגפן: כרטיסי QR לשולחנות',
      }),
    );

    const pdf = new Blob(['%PDF-1.3'], { type: 'application/pdf' });
    finish(pdf);
    await screen.findByText(p.done(3));
    expect(downloadFile).toHaveBeenCalledWith(pdf, 'קפה הגפן - כרטיסי שולחן.pdf');
    expect(screen.queryByTestId('poster-pdf-progress')).toBeNull();
  });

  it('stops when the owner cancels, and says so', async () => {
    vi.mocked(makePosterPdf).mockImplementation(
      (request: PosterPdfRequest) =>
        new Promise<Blob>((_, reject) => {
          request.onProgress(1, 40);
          request.signal.addEventListener('abort', () => reject(new DOMException('cancelled', 'AbortError')));
        }),
    );
    renderCard(<QrCard departmentId="demo" businessName="קפה הגפן" logo={null} />);
    await userEvent.type(screen.getByLabelText(new RegExp(s.qrTables)), '40');
    await userEvent.click(screen.getByRole('button', { name: p.make }));
    await screen.findByTestId('poster-pdf-progress');
    await userEvent.click(screen.getByRole('button', { name: p.cancel }));
    await screen.findByText(p.cancelled);
    await waitFor(() => expect(screen.queryByRole('button', { name: p.cancel })).toBeNull());
    expect(downloadFile).not.toHaveBeenCalled();
  });
});

describe('the QR card with the shared table on (issue 34)', () => {
  const key = (table: number) => `k${String(table).padStart(2, '0')}AbCdEfGhIjKlM`.slice(0, 16);
  const listed = [1, 2, 12].map((number) => ({
    number,
    url: `${window.location.origin}/menu/demo?table=${number}&key=${key(number)}`,
  }));

  beforeEach(() => {
    stubApi((call) => {
      if (call.path === '/api/business/diner-languages') {
        return json({ success: true, data: { languages: ['he'] } });
      }
      if (call.path === '/api/tables') return json({ success: true, data: { shared: true, tables: listed } });
      return undefined;
    });
  });

  it("replaces the count field by the Tables card's list, and says so", async () => {
    renderCard(<QrCard departmentId="demo" businessName="קפה הגפן" logo={null} />);
    const shared = await screen.findByTestId('qr-shared-tables');
    expect(shared.textContent).toContain(s.qrSharedTables(3));
    expect(shared.querySelector('bdi')?.textContent).toBe('1, 2, 12');
    expect(screen.queryByLabelText(new RegExp(s.qrTables))).toBeNull();
    expect(screen.getByText(p.sharedHint)).toBeTruthy();
    // The menu's own code (no table) stays the plain address.
    expect(screen.getByTestId('qr-url').textContent).toBe(`${window.location.origin}/menu/demo`);
  });

  it("makes the PDF's pages with each table's address from the server, secret included", async () => {
    vi.mocked(makePosterPdf).mockResolvedValue(new Blob(['%PDF-1.3'], { type: 'application/pdf' }));
    renderCard(<QrCard departmentId="demo" businessName="קפה הגפן" logo={null} />);
    await screen.findByTestId('qr-shared-tables');
    await userEvent.click(screen.getByRole('button', { name: p.make }));
    await screen.findByText(p.done(3));
    expect(makePosterPdf).toHaveBeenCalledWith(
      expect.objectContaining({
        tables: 3,
        pages: listed.map((table) => ({ table: table.number, url: table.url })),
      }),
    );
  });
});
