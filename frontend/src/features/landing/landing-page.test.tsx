import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { heLanding } from '@/i18n/he-landing';
import { createAppRouter } from '@/router';
import { MOBILE_MENU_ID } from './landing-header';
import { resetPixelForTests } from './marketing-pixel';

beforeEach(() => {
  // The demo preview asks the server for the demo menu; the landing page must not care whether it answers.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{"success":false,"code":"api.not_found","message":"x"}', { status: 404 })),
  );
});
afterEach(() => {
  localStorage.clear();
  document.head.querySelectorAll('meta[name="tafrit-pixel-id"], script').forEach((element) => element.remove());
  delete (window as { fbq?: unknown }).fbq;
  delete (window as { _fbq?: unknown })._fbq;
  resetPixelForTests();
});

async function renderLanding() {
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: ['/'] }) });
  render(<RouterProvider router={router} />);
  await screen.findByRole('heading', { level: 1, name: heLanding.tagline });
  return router;
}

describe('the landing page', () => {
  it('has every section of the spec, in order, the anchored ones with their ids', async () => {
    await renderLanding();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings).toEqual([
      heLanding.featuresTitle,
      heLanding.benefitsTitle,
      heLanding.howTitle,
      heLanding.comparisonTitle,
      heLanding.pricingTitle,
      heLanding.ctaTitle,
      heLanding.faqTitle,
      heLanding.contactTitle,
    ]);
    const ids = [...document.querySelectorAll('main section[id]')].map((section) => section.id);
    expect(ids).toEqual(['benefits', 'pricing', 'faq', 'contact']);
    // The contact form comes in a chunk of its own once the page is drawn, inside its section.
    expect(await within(document.getElementById('contact') as HTMLElement).findByTestId('contact-form')).toBeTruthy();
    // Three feature cards, six benefits, four steps.
    const main = screen.getByRole('main');
    expect(main.querySelectorAll('section[aria-labelledby="features-title"] ul > li')).toHaveLength(3);
    expect(main.querySelectorAll('#benefits ul > li')).toHaveLength(6);
    expect(main.querySelectorAll('section[aria-labelledby="how-title"] ol > li')).toHaveLength(4);
    expect(screen.getByRole('table').querySelectorAll('th[scope="col"]')).toHaveLength(3);
    expect(screen.getByRole('link', { name: heLanding.features.experience.demoLink }).getAttribute('href')).toBe(
      '/menu/demo',
    );
  });

  it('states the spec claims: 70%, 30 seconds, 2 minutes, 5% and zero fees', async () => {
    await renderLanding();
    const text = document.body.textContent ?? '';
    for (const claim of [
      '70%',
      'שניות להרשמה',
      'דקות לתפריט מוכן',
      '5%',
      'כולל מע״מ ועמלות סליקה',
      '₪0',
      'ב-20 בכל חודש',
    ])
      expect(text).toContain(claim);
  });

  it('opens the mobile menu with its toggle and closes it when a link is followed', async () => {
    const user = userEvent.setup();
    await renderLanding();
    const toggle = screen.getByRole('button', { name: heLanding.menuToggleOpen });
    expect(toggle.getAttribute('aria-controls')).toBe(MOBILE_MENU_ID);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const menu = document.getElementById(MOBILE_MENU_ID)!;
    expect(menu.hidden).toBe(true);

    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.getAttribute('aria-label')).toBe(heLanding.menuToggleClose);
    expect(menu.hidden).toBe(false);

    await user.click(within(menu).getByRole('link', { name: heLanding.sectionLinks.pricing }));
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(menu.hidden).toBe(true);
    // The link took the reader to the section: focus is on it, the address names it.
    expect(document.activeElement?.id).toBe('pricing');
    expect(window.location.hash).toBe('#pricing');
  });

  it('closes the mobile menu with Escape and gives the focus back to the toggle', async () => {
    const user = userEvent.setup();
    await renderLanding();
    const toggle = screen.getByRole('button', { name: heLanding.menuToggleOpen });
    await user.click(toggle);
    await user.tab();
    expect(document.getElementById(MOBILE_MENU_ID)!.contains(document.activeElement)).toBe(true);
    await user.keyboard('{Escape}');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });

  it('closes the mobile menu when login is chosen there, a plain link to the login page', async () => {
    const user = userEvent.setup();
    await renderLanding();
    await user.click(screen.getByRole('button', { name: heLanding.menuToggleOpen }));
    const login = within(document.getElementById(MOBILE_MENU_ID)!).getByRole('link', { name: heLanding.login });
    expect(login.getAttribute('href')).toBe('/login');
    // jsdom does not load pages: the click is stopped before it would.
    const stop = (event: Event) => event.preventDefault();
    document.addEventListener('click', stop);
    try {
      await user.click(login);
    } finally {
      document.removeEventListener('click', stop);
    }
    expect(document.getElementById(MOBILE_MENU_ID)!.hidden).toBe(true);
  });

  it('loads no marketing pixel without a configured id', async () => {
    await renderLanding();
    expect(document.querySelector('script[src*="facebook"]')).toBeNull();
    expect((window as { fbq?: unknown }).fbq).toBeUndefined();
  });

  it('sends ViewContent (Landing Page, Marketing) once on load when a pixel id is configured', async () => {
    const meta = document.createElement('meta');
    meta.name = 'tafrit-pixel-id';
    meta.content = '123456789012345';
    document.head.appendChild(meta);
    await renderLanding();
    await waitFor(() => expect(document.querySelector('script[src*="facebook"]')).not.toBeNull());
    const { queue } = (window as unknown as { fbq: { queue: unknown[][] } }).fbq;
    expect(queue).toEqual([
      ['init', '123456789012345'],
      ['track', 'ViewContent', { content_name: 'Landing Page', content_category: 'Marketing' }],
    ]);
    expect(document.querySelectorAll('script[src="https://connect.facebook.net/en_US/fbevents.js"]')).toHaveLength(1);
  });
});
