import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DinerApp } from './app';

// A tap that opens the cart on a slow line: the cart's code is fetched then (app.tsx). Until it arrives the screen
// says it is on its way, under the café's header, rather than showing an empty page (issue 29, item 17). Its own file:
// the code is fetched once per test run, and only the first screen to ask for it waits.

afterEach(() => {
  localStorage.clear();
});

describe('a step whose code is still on its way', () => {
  it('says at once that it is loading, under the header', async () => {
    localStorage.setItem(
      'business_demo',
      JSON.stringify({ businessName: 'קפה הגפן', logo: null, departmentId: 'demo' }),
    );
    history.replaceState(null, '', '/cart/demo');
    render(<DinerApp />);
    expect(screen.getByText('קפה הגפן')).toBeTruthy();
    const waiting = screen.getByTestId('step-loading');
    expect(waiting.textContent).toBe('טוען…');
    expect(waiting.getAttribute('role')).toBe('status');
    // Then the cart itself.
    expect(await screen.findByRole('heading', { level: 1, name: 'העגלה שלך' })).toBeTruthy();
    expect(screen.queryByTestId('step-loading')).toBeNull();
  });
});
