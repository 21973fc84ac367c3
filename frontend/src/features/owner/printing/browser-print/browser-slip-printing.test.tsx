import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { liveOrder } from '../../live-orders/test-fixtures';
import { pageRule } from './browser-print';
import { BrowserSlipPrinting } from './browser-slip-printing';

let print: ReturnType<typeof vi.fn>;
beforeEach(() => {
  localStorage.clear();
  print = vi.fn();
  vi.stubGlobal('print', print);
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.getElementById('browser-slip-page')?.remove();
});

const first = liveOrder({ orderId: 'a', orderNumber: 101 });
const second = liveOrder({
  orderId: 'b',
  orderNumber: 102,
  tableNumber: 7,
  remarks: 'חלב שקדים',
  lines: [
    {
      name: 'הפוך',
      quantity: 2,
      lineTotalAgorot: 2800,
      options: [{ groupName: 'חלב', name: 'חלב', priceAgorot: 0, without: true }],
    },
  ],
});

describe('printing through the browser in the live console', () => {
  it('is off until turned on, and then prints each new paid order once, not the ones already there', async () => {
    const { rerender } = render(<BrowserSlipPrinting orders={[first]} />);
    const toggle = screen.getByRole('button', { name: /הדפסה מהדפדפן/ });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    rerender(<BrowserSlipPrinting orders={[second, first]} />);
    expect(print).not.toHaveBeenCalled();

    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(JSON.parse(localStorage.getItem('tafrit.browserPrinting') ?? '{}')).toEqual({
      enabled: true,
      paper: '80mm',
    });
    const third = liveOrder({ orderId: 'c', orderNumber: 103 });
    act(() => rerender(<BrowserSlipPrinting orders={[third, second, first]} />));
    expect(print).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('browser-slip').textContent).toContain('הזמנה 103');
    expect(screen.getByRole('status').textContent).toContain('הבון של הזמנה 103 נשלח להדפסה');
    // The page is the paper's width; the rest of the page is hidden on paper.
    expect(document.getElementById('browser-slip-page')?.textContent).toMatch(
      /@page \{ size: 80mm \d+mm; margin: 0; \}/,
    );

    act(() => rerender(<BrowserSlipPrinting orders={[third, second, first]} />));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('prints two orders that arrive together one after the other, on the paper width chosen', async () => {
    localStorage.setItem('tafrit.browserPrinting', JSON.stringify({ enabled: true, paper: '58mm' }));
    const { rerender } = render(<BrowserSlipPrinting orders={[]} />);
    expect((screen.getByRole('combobox', { name: 'רוחב הנייר' }) as HTMLSelectElement).value).toBe('58mm');
    const slips: string[] = [];
    print.mockImplementation(() => slips.push(screen.getByTestId('browser-slip').textContent ?? ''));
    act(() => rerender(<BrowserSlipPrinting orders={[second, first]} />));
    expect(print).toHaveBeenCalledTimes(2);
    expect(slips[0]).toContain('הזמנה 101');
    expect(slips[1]).toContain('הזמנה 102');
    expect(slips[1]).toContain('שולחן 7');
    expect(slips[1]).toContain('בלי חלב');
    expect(slips[1]).toContain('הערות: חלב שקדים');
    expect(document.getElementById('browser-slip-page')?.textContent).toContain('size: 58mm');
  });

  it('sizes the page to the slip: 96 px a inch, and a little room', () => {
    expect(pageRule('80mm', 960)).toBe('@page { size: 80mm 258mm; margin: 0; }');
    expect(pageRule('58mm', 0)).toBe('@page { size: 58mm 4mm; margin: 0; }');
  });
});
