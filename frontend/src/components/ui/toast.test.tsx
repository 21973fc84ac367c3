import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { he } from '@/i18n/he';
import { TOAST_DEFAULT_DURATION_MS, TOAST_LIMIT, TOAST_REMOVE_DELAY_MS, getToasts, resetToasts, toast } from './toast';
import { Toaster } from './toaster';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  act(() => resetToasts());
  vi.useRealTimers();
});

describe('toast store', () => {
  it('uses the numbers of the product spec', () => {
    expect(TOAST_LIMIT).toBe(1);
    expect(TOAST_DEFAULT_DURATION_MS).toBe(5000);
    expect(TOAST_REMOVE_DELAY_MS).toBe(1_000_000);
  });

  it('keeps at most one toast: the newest replaces the one shown', () => {
    toast({ title: 'ראשון' });
    toast({ title: 'שני' });
    expect(getToasts()).toHaveLength(1);
    expect(getToasts()[0]?.title).toBe('שני');
  });

  it('closes after 5000 ms and forgets the toast 1,000,000 ms later', () => {
    const { id } = toast({ title: 'נשמר' });
    vi.advanceTimersByTime(4999);
    expect(getToasts()[0]).toMatchObject({ id, open: true });

    vi.advanceTimersByTime(1);
    expect(getToasts()[0]).toMatchObject({ id, open: false });

    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1);
    expect(getToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(getToasts()).toHaveLength(0);
  });

  it('honours a custom duration and an infinite one', () => {
    toast({ title: 'קצר', duration: 1000 });
    vi.advanceTimersByTime(1000);
    expect(getToasts()[0]?.open).toBe(false);

    toast({ title: 'נשאר', duration: Infinity });
    vi.advanceTimersByTime(60_000);
    expect(getToasts()[0]?.open).toBe(true);
  });
});

describe('<Toaster>', () => {
  it('announces a normal toast politely and a destructive one as an alert', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'ההודעה נשלחה בהצלחה!' });
    });
    expect(within(screen.getByRole('status')).getByText('ההודעה נשלחה בהצלחה!')).toBeTruthy();
    expect(within(screen.getByRole('alert')).queryByTestId('toast')).toBeNull();

    act(() => {
      toast({ title: 'שגיאה בשליחת ההודעה', variant: 'destructive' });
    });
    expect(within(screen.getByRole('alert')).getByText('שגיאה בשליחת ההודעה')).toBeTruthy();
    // The limit: the polite toast made way for the alert.
    expect(screen.getAllByTestId('toast')).toHaveLength(1);
  });

  it('hides the toast once its 5 seconds are over', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'הקוד נשלח' });
    });
    expect(screen.getByText('הקוד נשלח')).toBeTruthy();
    act(() => vi.advanceTimersByTime(TOAST_DEFAULT_DURATION_MS));
    expect(screen.queryByText('הקוד נשלח')).toBeNull();
  });

  // user-event waits on real timers between keystrokes: these two tests run without fake timers.
  it('closes from the keyboard with its labelled close button', async () => {
    vi.useRealTimers();
    const user = userEvent.setup();
    render(<Toaster />);
    act(() => {
      toast({ title: 'שגיאה', variant: 'destructive', duration: Infinity });
    });
    await user.tab();
    const close = screen.getByRole('button', { name: he.toast.close });
    expect(document.activeElement).toBe(close);
    await user.keyboard('{Enter}');
    expect(screen.queryByTestId('toast')).toBeNull();
  });

  it('closes with Escape', async () => {
    vi.useRealTimers();
    const user = userEvent.setup();
    render(<Toaster />);
    act(() => {
      toast({ title: 'שגיאה', duration: Infinity });
    });
    await user.tab();
    await user.keyboard('{Escape}');
    expect(screen.queryByTestId('toast')).toBeNull();
  });

  it('does not close while the pointer or focus is on it', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'קוראים אותי' });
    });
    act(() => vi.advanceTimersByTime(3000));
    fireEvent.mouseEnter(screen.getByTestId('toast'));
    act(() => vi.advanceTimersByTime(TOAST_DEFAULT_DURATION_MS * 2));
    expect(screen.getByText('קוראים אותי')).toBeTruthy();
    fireEvent.mouseLeave(screen.getByTestId('toast'));
    // The countdown resumes where it stopped: 2000 ms were left.
    act(() => vi.advanceTimersByTime(1999));
    expect(screen.getByText('קוראים אותי')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('קוראים אותי')).toBeNull();

    act(() => {
      toast({ title: 'בפוקוס', duration: 1000 });
    });
    act(() => screen.getByRole('button', { name: he.toast.close }).focus());
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.getByText('בפוקוס')).toBeTruthy();
  });
});
