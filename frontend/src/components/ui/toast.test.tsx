import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { he } from '@/i18n/he';
import { TOAST_DEFAULT_DURATION_MS, TOAST_LIMIT, getToasts, resetToasts, toast } from './toast';
import { Toaster } from './toaster';

afterEach(() => {
  act(() => resetToasts());
  vi.useRealTimers();
});

/** The live region Radix Toast announces a toast in (it goes once read, a second later). */
function announcement(text: string): HTMLElement {
  const region = [...document.querySelectorAll<HTMLElement>('[aria-live]')].find(
    (element) => element.getAttribute('role') === 'status' && element.textContent?.includes(text),
  );
  if (!region) throw new Error(`no announcement of ${text}`);
  return region;
}

describe('toast list', () => {
  it('uses the numbers of the product spec', () => {
    expect(TOAST_LIMIT).toBe(1);
    expect(TOAST_DEFAULT_DURATION_MS).toBe(5000);
  });

  it('keeps at most one toast: the newest replaces the one shown', () => {
    toast({ title: 'ראשון' });
    toast({ title: 'שני' });
    expect(getToasts()).toHaveLength(1);
    expect(getToasts()[0]?.title).toBe('שני');
  });

  it('forgets a dismissed toast', () => {
    const { dismiss } = toast({ title: 'נשמר' });
    dismiss();
    expect(getToasts()).toHaveLength(0);
  });
});

describe('<Toaster>', () => {
  it('shows toasts in a labelled region in the page, announcing an error assertively and the rest politely', async () => {
    render(<Toaster />);
    const region = screen.getByRole('region', { name: `${he.toast.regionLabel} (F8)` });
    act(() => {
      toast({ title: 'ההודעה נשלחה בהצלחה!' });
    });
    expect(region.contains(screen.getByTestId('toast'))).toBe(true);
    await waitFor(() => expect(announcement('ההודעה נשלחה בהצלחה!').getAttribute('aria-live')).toBe('polite'));

    act(() => {
      toast({ title: 'שגיאה בשליחת ההודעה', variant: 'destructive' });
    });
    await waitFor(() => expect(announcement('שגיאה בשליחת ההודעה').getAttribute('aria-live')).toBe('assertive'));
    // The limit: the polite toast made way for the error.
    expect(screen.getAllByTestId('toast')).toHaveLength(1);
    expect(screen.getByTestId('toast').dataset.variant).toBe('destructive');
  });

  it('hides the toast once its 5 seconds are over', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => {
      toast({ title: 'הקוד נשלח' });
    });
    act(() => vi.advanceTimersByTime(TOAST_DEFAULT_DURATION_MS - 1));
    expect(screen.getByTestId('toast').textContent).toContain('הקוד נשלח');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByTestId('toast')).toBeNull();
    expect(getToasts()).toHaveLength(0);
  });

  it('honours a custom duration and an infinite one', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => {
      toast({ title: 'קצר', duration: 1000 });
    });
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByTestId('toast')).toBeNull();

    act(() => {
      toast({ title: 'נשאר', duration: Infinity });
    });
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByTestId('toast').textContent).toContain('נשאר');
  });

  it('closes from the keyboard with its labelled close button', async () => {
    const user = userEvent.setup();
    render(<Toaster />);
    act(() => {
      toast({ title: 'שגיאה', variant: 'destructive', duration: Infinity });
    });
    // F8 takes the keyboard to the toasts; Tab goes to the toast, then to its close button.
    await user.keyboard('{F8}');
    await user.tab();
    expect(document.activeElement).toBe(screen.getByTestId('toast'));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: he.toast.close }));
    await user.keyboard('{Enter}');
    expect(screen.queryByTestId('toast')).toBeNull();
  });

  it('closes with Escape', async () => {
    const user = userEvent.setup();
    render(<Toaster />);
    act(() => {
      toast({ title: 'שגיאה', duration: Infinity });
    });
    act(() => screen.getByTestId('toast').focus());
    await user.keyboard('{Escape}');
    expect(screen.queryByTestId('toast')).toBeNull();
  });

  it('does not close while the pointer or the focus is on it', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    const region = screen.getByRole('region', { name: `${he.toast.regionLabel} (F8)` });
    act(() => {
      toast({ title: 'קוראים אותי' });
    });
    act(() => vi.advanceTimersByTime(3000));
    fireEvent.pointerMove(screen.getByTestId('toast'));
    act(() => vi.advanceTimersByTime(TOAST_DEFAULT_DURATION_MS * 2));
    expect(screen.getByTestId('toast').textContent).toContain('קוראים אותי');
    fireEvent.pointerLeave(region);
    // The countdown resumes where it stopped: 2000 ms were left.
    act(() => vi.advanceTimersByTime(1999));
    expect(screen.getByTestId('toast').textContent).toContain('קוראים אותי');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByTestId('toast')).toBeNull();

    act(() => {
      toast({ title: 'בפוקוס', duration: 1000 });
    });
    act(() => screen.getByRole('button', { name: he.toast.close }).focus());
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.getByTestId('toast').textContent).toContain('בפוקוס');
  });
});
