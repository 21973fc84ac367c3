import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { json, stubApi } from '@/test/api-stub';
import { PAGE_HEIGHT, PAGE_WIDTH, posterPage } from './poster-layout';
import { windowPosterHeadline, windowPosterWord } from './poster-text';
import { windowMenuUrl } from './qr-poster';
import { WindowPosterSection } from './window-poster-section';

beforeEach(() => localStorage.setItem('authToken', 'owner-token'));
afterEach(() => localStorage.clear());

describe('the window\'s "order ahead" poster (issue 33)', () => {
  it('leads to the menu address tagged as the window', () => {
    expect(windowMenuUrl('https://tafrit.co.il/', 'cafe-hagefen')).toBe(
      'https://tafrit.co.il/menu/cafe-hagefen?src=window',
    );
  });

  it('is one A4 page with the headline where a table poster has its number, and the code inside the page', () => {
    const url = 'https://tafrit.test/menu/cafe-hagefen?src=window';
    const page = posterPage('a4', {
      businessName: 'קפה הגפן',
      table: 'window',
      url,
      languages: ['he', 'en'],
      logo: null,
    });
    expect(page.texts.find((text) => text.role === 'tableNumber')?.text).toBe(windowPosterHeadline);
    expect(page.texts.find((text) => text.role === 'tableWord')?.text).toBe(windowPosterWord);
    expect(page.addresses.map((address) => address.text)).toEqual([url]);
    for (const { box } of page.codes) {
      expect(box.x + box.width).toBeLessThanOrEqual(PAGE_WIDTH);
      expect(box.y + box.height).toBeLessThanOrEqual(PAGE_HEIGHT);
    }
  });

  it('shows the readable address it will print, else the random one', async () => {
    stubApi((call) =>
      call.path === '/api/business/menu-address'
        ? json({
            success: true,
            data: { address: 'cafe-hagefen', shareLine: null, departmentId: 'AbCdEfGhIjKlMnOp', previous: [] },
          })
        : undefined,
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <WindowPosterSection
          origin="https://tafrit.test"
          departmentId="AbCdEfGhIjKlMnOp"
          businessName="קפה"
          logo={null}
        />
      </QueryClientProvider>,
    );
    expect(screen.getByTestId('window-poster-url').textContent).toBe(
      'https://tafrit.test/menu/AbCdEfGhIjKlMnOp?src=window',
    );
    expect(await screen.findByText('https://tafrit.test/menu/cafe-hagefen?src=window')).toBeTruthy();
  });
});
