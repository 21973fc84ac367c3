import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { heOwner } from '@/i18n/he-owner';
import { ReportSources, SourceText } from './reports-sources';

const t = heOwner.reports;

describe("the report's sources (issue 33)", () => {
  it('lists each channel with its orders and sum, and the tags of the shared link under it', () => {
    render(
      <ReportSources
        sources={[
          {
            channel: 'link',
            totalOrders: 3,
            totalAmount: '43.50',
            tags: [{ tag: 'instagram', totalOrders: 2, totalAmount: '29.00' }],
          },
          { channel: 'window', totalOrders: 1, totalAmount: '14.50', tags: [] },
          { channel: null, totalOrders: 1, totalAmount: '10.00', tags: [] },
        ]}
      />,
    );
    const table = within(screen.getByTestId('report-sources')).getByRole('table');
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual(['קישור משותף3₪43.50', '?src=instagram2₪29.00', 'פוסטר בחלון1₪14.50', 'לא ידוע1₪10.00']);
    expect(screen.getByRole('heading', { name: t.sourcesTitle })).toBeTruthy();
  });

  it("words one order's source with its tag", () => {
    const { container, rerender } = render(<SourceText source={{ channel: 'link', tag: 'facebook' }} />);
    expect(container.textContent).toBe('קישור משותף (facebook)');
    rerender(<SourceText source={{ channel: 'table' }} />);
    expect(container.textContent).toBe('QR בשולחן');
    rerender(<SourceText source={null} />);
    expect(container.textContent).toBe('לא ידוע');
  });
});
