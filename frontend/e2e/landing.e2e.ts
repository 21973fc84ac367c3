import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible, launchBrowser, openPage } from './support/browser.js';

// The public face in a real browser: the landing page's sections, links, mobile menu, FAQ and contact form, the
// accessibility widget, the accessibility statement and the not-found page, each checked with axe-core.
// One product serves the whole run, and it limits contact messages to 5 per address per 10 minutes: this file sends
// three, so keep it at that.

const baseUrl = inject('baseUrl');
const origin = new URL(baseUrl).origin;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 740 };

interface Visit {
  page: Page;
  context: BrowserContext;
  /** Every URL the page requested, in order. */
  requests: string[];
  /** Console errors and page errors, minus the one kind this issue expects (see below). */
  problems(): string[];
}

/**
 * Opens a page with its problems watched. The landing page's live peek at the demo menu calls GET /api/menu/demo,
 * which the menu issue has not built yet: until then it answers 404 (the page shows the plain link instead) and
 * Chromium logs "Failed to load resource" for it. Exactly those messages are set aside, one per such answer; any
 * other problem fails the test.
 */
async function visit(path: string, viewport = DESKTOP): Promise<Visit> {
  const { page, problems, context } = await openPage(browser, { viewport });
  const requests: string[] = [];
  let demoMenuMisses = 0;
  page.on('request', (request) => requests.push(request.url()));
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/menu/demo' && response.status() === 404) demoMenuMisses++;
  });
  await page.goto(`${baseUrl}${path}`);
  await page.locator('h1').first().waitFor();
  // `/` is drawn by its HTML before its script runs (rendered at build time): its keyboard controls work once the app
  // has hydrated it, and the contact form is drawn right after that.
  if (new URL(path, baseUrl).pathname === '/') await page.locator('#contact form').waitFor();
  return {
    page,
    context,
    requests,
    problems: () => {
      let allowed = demoMenuMisses;
      return problems.filter((problem) => {
        if (allowed > 0 && /status of 404/.test(problem)) {
          allowed--;
          return false;
        }
        return true;
      });
    },
  };
}

describe('the landing page', () => {
  it('has every section of the spec in order, the anchored ones with their ids, in Hebrew', async () => {
    const { page, context, problems } = await visit('/');
    expect(await page.title()).toBe('תפריט | תפריט דיגיטלי והזמנה בסריקת QR למסעדות ובתי קפה');
    expect(await page.getAttribute('meta[name="description"]', 'content')).toMatch(/[\u0590-\u05FF]/);
    expect(await page.getAttribute('meta[property="og:image"]', 'content')).toMatch(/^https?:\/\/.+\/og-image\.png$/);
    expect(await page.getAttribute('link[rel="manifest"]', 'href')).toBe('/manifest.webmanifest');

    const outline = await page.evaluate(() =>
      [...document.querySelectorAll('main > section')].map((section) => ({
        id: section.id,
        heading: section.querySelector('h1, h2')?.textContent ?? '',
      })),
    );
    expect(outline).toEqual([
      { id: '', heading: 'סורקים. מזמינים. מגישים. מהר יותר.' },
      { id: '', heading: 'כל מה שהמסעדה צריכה, בטלפון של הלקוח' },
      { id: 'benefits', heading: 'למה בעלי עסקים בוחרים בתפריט' },
      { id: '', heading: 'איך זה עובד' },
      { id: '', heading: 'עם תפריט ובלי' },
      { id: 'pricing', heading: 'מחיר פשוט ושקוף' },
      { id: '', heading: 'מוכנים להתחיל?' },
      { id: 'faq', heading: 'שאלות נפוצות' },
      { id: 'contact', heading: 'דברו איתנו' },
    ]);
    const main = page.locator('main');
    expect(await main.locator('section[aria-labelledby="features-title"] ul > li').count()).toBe(3);
    expect(await main.locator('#benefits ul > li').count()).toBe(6);
    expect(await main.locator('section[aria-labelledby="how-title"] ol > li').count()).toBe(4);
    expect(await main.locator('table th[scope="col"]').count()).toBe(3);
    expect(await main.locator('#faq button[aria-expanded]').count()).toBe(6);
    expect(await main.locator('#contact textarea').getAttribute('rows')).toBe('6');
    const text = (await main.textContent()) ?? '';
    for (const claim of ['70%', 'שניות להרשמה', 'דקות לתפריט מוכן', 'כולל מע״מ ועמלות סליקה', 'ב-20 בכל חודש'])
      expect(text).toContain(claim);

    const footer = page.locator('footer');
    expect(await footer.getByRole('link', { name: 'מנהל מערכת' }).getAttribute('href')).toBe('/admin-login');
    expect(await footer.getByRole('link', { name: 'תנאי שימוש' }).getAttribute('href')).toBe('/terms-conditions');
    expect(await footer.getByRole('link', { name: 'הצהרת נגישות' }).getAttribute('href')).toBe('/accessibility');
    expect(await footer.textContent()).toContain('© 2024');
    expect(await page.getByRole('link', { name: 'לתפריט הדמו של קפה הגפן' }).getAttribute('href')).toBe('/menu/demo');

    await expectAccessible(page);
    expect(problems()).toEqual([]);
    await context.close();
  });

  it('scrolls to a section from the top bar and moves the focus there', async () => {
    const { page, context, problems } = await visit('/');
    await page.locator('header nav').getByRole('link', { name: 'מחירים' }).click();
    await expect
      .poll(() => page.evaluate(() => Math.round(document.getElementById('pricing')!.getBoundingClientRect().top)), {
        timeout: 5000,
      })
      .toBeLessThanOrEqual(20);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('pricing');
    expect(new URL(page.url()).hash).toBe('#pricing');
    // The next Tab continues inside the section, not back at the top bar.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('section')?.id)).toBe('pricing');
    expect(problems()).toEqual([]);
    await context.close();
  });

  it('jumps without a smooth scroll when the person prefers reduced motion', async () => {
    const { page, context, problems } = await visit('/');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.locator('header nav').getByRole('link', { name: 'שאלות נפוצות' }).click();
    // No waiting: the jump is done by the time the click returns.
    const top = await page.evaluate(() => document.getElementById('faq')!.getBoundingClientRect().top);
    expect(Math.abs(top)).toBeLessThanOrEqual(20);
    expect(problems()).toEqual([]);
    await context.close();
  });

  it('folds the links into a menu on a phone, which a link click and Escape close', async () => {
    const { page, context, problems } = await visit('/', PHONE);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    expect(await page.locator('header nav').first().isVisible()).toBe(false);
    const toggle = page.getByRole('button', { name: 'פתיחת תפריט הניווט' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    const menu = page.locator(`[id="${await toggle.getAttribute('aria-controls')}"]`);
    expect(await menu.isVisible()).toBe(false);

    await toggle.click();
    const close = page.getByRole('button', { name: 'סגירת תפריט הניווט' });
    expect(await close.getAttribute('aria-expanded')).toBe('true');
    expect(await menu.isVisible()).toBe(true);
    await expectAccessible(page);

    await menu.getByRole('link', { name: 'שאלות נפוצות' }).click();
    expect(await menu.isVisible()).toBe(false);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('faq');
    await expect
      .poll(() => page.evaluate(() => Math.abs(document.getElementById('faq')!.getBoundingClientRect().top)), {
        timeout: 5000,
      })
      .toBeLessThanOrEqual(20);

    await page.evaluate(() => window.scrollTo(0, 0));
    await toggle.focus();
    await page.keyboard.press('Enter');
    expect(await menu.isVisible()).toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Escape');
    expect(await menu.isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-controls'))).toBe(
      'landing-mobile-menu',
    );
    expect(problems()).toEqual([]);
    await context.close();
  });

  it('opens the FAQ answers from the keyboard', async () => {
    const { page, context, problems } = await visit('/');
    const questions = page.locator('#faq button[aria-expanded]');
    await questions.first().focus();
    await page.keyboard.press('Enter');
    expect(await questions.first().getAttribute('aria-expanded')).toBe('true');
    const firstAnswer = page.locator(`[id="${await questions.first().getAttribute('aria-controls')}"]`);
    expect(await firstAnswer.isVisible()).toBe(true);
    expect(await firstAnswer.textContent()).toContain('5%');

    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('איך הלקוחות מזמינים?');
    await page.keyboard.press(' ');
    expect(await questions.nth(1).getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('End');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('לאן נשלח הבון?');
    await page.keyboard.press('Enter');
    expect(await page.locator('#faq').textContent()).toContain('ב-SMS');
    await page.keyboard.press('Home');
    await page.keyboard.press('Enter');
    expect(await questions.first().getAttribute('aria-expanded')).toBe('false');
    expect(await firstAnswer.isVisible()).toBe(false);

    await expectAccessible(page);
    expect(problems()).toEqual([]);
    await context.close();
  });

  it('makes no request to any other origin without a configured pixel', async () => {
    const { page, context, requests, problems } = await visit('/');
    // Scroll through everything, so every lazy part of the page has loaded.
    await page.evaluate(async () => {
      for (let y = 0; y < document.documentElement.scrollHeight; y += 500) {
        window.scrollTo(0, y);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    });
    await page.waitForLoadState('networkidle');
    expect(requests.length).toBeGreaterThan(3);
    expect(requests.filter((url) => new URL(url).origin !== origin)).toEqual([]);
    expect(await page.locator('meta[name="tafrit-pixel-id"]').count()).toBe(0);
    expect(await page.evaluate(() => 'fbq' in window)).toBe(false);
    expect(problems()).toEqual([]);
    await context.close();
  });
});

describe('the contact form', () => {
  async function fill(page: Page, values: { name: string; email: string; message: string }) {
    const form = page.getByTestId('contact-form');
    await form.getByLabel('שם מלא').fill(values.name);
    await form.getByLabel('אימייל').fill(values.email);
    await form.getByLabel('הודעה').fill(values.message);
    return form;
  }

  it('says what is wrong, in Hebrew, without sending anything', async () => {
    const { page, context, requests, problems } = await visit('/#contact');
    const form = await fill(page, { name: 'ד', email: 'dana@', message: 'קצר' });
    await form.getByRole('button', { name: 'שליחת הודעה' }).click();
    await form.getByText('השם צריך להכיל לפחות 2 תווים').waitFor();
    expect(await form.getByText('כתובת האימייל אינה תקינה').isVisible()).toBe(true);
    expect(await form.getByText('ההודעה צריכה להכיל לפחות 10 תווים').isVisible()).toBe(true);
    expect(await form.getByLabel('שם מלא').getAttribute('aria-invalid')).toBe('true');
    // (The form's own code, /assets/contact-form-*.js, is no message.)
    expect(requests.some((url) => url.includes('contact') && !url.includes('/assets/'))).toBe(false);
    await expectAccessible(page);
    expect(problems()).toEqual([]);
    await context.close();
  });

  it('sends a message, shows the success toast and empties the form', async () => {
    const { page, context, problems } = await visit('/#contact');
    const form = await fill(page, {
      name: 'דנה כהן',
      email: 'e2e-person@example.co.il',
      message: 'שלום, אשמח לשמוע עוד על תפריט לבית הקפה שלנו.',
    });
    const answer = page.waitForResponse((response) => response.url().endsWith('/contact-form.php'));
    await form.getByRole('button', { name: 'שליחת הודעה' }).click();
    const response = await answer;
    expect(response.status()).toBe(200);
    expect(response.request().postDataJSON()).toEqual({
      name: 'דנה כהן',
      email: 'e2e-person@example.co.il',
      message: 'שלום, אשמח לשמוע עוד על תפריט לבית הקפה שלנו.',
    });
    const toast = page.getByRole('region', { name: 'התראות (F8)' }).getByTestId('toast');
    await toast.waitFor();
    expect(await toast.textContent()).toContain('ההודעה נשלחה בהצלחה!');
    expect(await toast.textContent()).toContain('ההודעה התקבלה, נחזור אליכם בהקדם');
    // In the page's flow: neither the toast nor anything around it is taken out of it to float over the content.
    const floating = await toast.evaluate((element) => {
      const found: string[] = [];
      for (let node: Element | null = element; node; node = node.parentElement) {
        const { position } = getComputedStyle(node);
        if (position !== 'static' && position !== 'relative') found.push(`${node.tagName} ${position}`);
      }
      return found;
    });
    expect(floating).toEqual([]);
    expect(await form.getByLabel('שם מלא').inputValue()).toBe('');
    expect(await form.getByLabel('הודעה').inputValue()).toBe('');
    expect(await form.getByRole('button', { name: 'שליחת הודעה' }).getAttribute('aria-disabled')).toBeNull();
    await expectAccessible(page);
    expect(problems()).toEqual([]);
    await context.close();
  });

  it('answers a bot that filled the honeypot like anyone else (the server drops it: backend test)', async () => {
    const { page, context, problems } = await visit('/#contact');
    const form = await fill(page, { name: 'Bot', email: 'bot@example.com', message: 'Cheap pills, cheap pills!' });
    // A person can neither see nor reach the field (a 1 px clipped box, skipped by Tab, hidden from screen
    // readers); a bot fills it in through the DOM.
    const box = await form.locator('[aria-hidden="true"]:has([data-testid="contact-honeypot"])').boundingBox();
    expect((box?.width ?? 0) <= 1 && (box?.height ?? 0) <= 1).toBe(true);
    await form.getByLabel('הודעה').focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('שליחת הודעה');
    await page.evaluate(() => {
      (document.querySelector('[data-testid="contact-honeypot"]') as HTMLInputElement).value = 'https://spam.example';
    });
    const answer = page.waitForResponse((response) => response.url().endsWith('/contact-form.php'));
    await form.getByRole('button', { name: 'שליחת הודעה' }).click();
    const response = await answer;
    expect(response.request().postDataJSON()).toMatchObject({ website: 'https://spam.example' });
    expect(response.status()).toBe(200);
    const toast = page.getByTestId('toast');
    await toast.waitFor();
    expect(await toast.textContent()).toContain('ההודעה נשלחה בהצלחה!');
    expect(problems()).toEqual([]);
    await context.close();
  });
});

describe('the accessibility widget', () => {
  it('opens from the keyboard, applies choices, closes with Escape and remembers them after a reload', async () => {
    const { page, context, problems } = await visit('/');
    const toggle = page.getByRole('button', { name: 'התאמות נגישות' });
    const box = await toggle.boundingBox();
    // 20 px from the side (the inline end: left in Hebrew), 100 px from the top.
    expect(box).toMatchObject({ x: 20, y: 100 });

    await toggle.focus();
    await page.keyboard.press('Enter');
    const panel = page.getByTestId('a11y-panel');
    await panel.waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await expectAccessible(page);

    await panel.getByRole('button', { name: 'הגדלת טקסט' }).click();
    await panel.getByRole('button', { name: 'ניגודיות גבוהה' }).click();
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe('20px');
    await expectAccessible(page);

    await page.keyboard.press('Escape');
    expect(await panel.count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-controls'))).toBe('a11y-panel');

    await page.reload();
    await page.locator('h1').waitFor();
    expect(await page.evaluate(() => document.documentElement.className)).toContain('a11y-large-text');
    expect(await page.evaluate(() => document.documentElement.className)).toContain('a11y-high-contrast');
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe('20px');
    await toggle.click();
    expect(await panel.getByRole('button', { name: 'הגדלת טקסט' }).getAttribute('aria-pressed')).toBe('true');
    expect(await panel.getByRole('button', { name: 'גופן קריא' }).getAttribute('aria-pressed')).toBe('false');
    await panel.getByRole('button', { name: 'איפוס ההתאמות' }).click();
    expect(await page.evaluate(() => document.documentElement.className)).not.toContain('a11y-');
    expect(problems()).toEqual([]);
    await context.close();
  });

  it('is on the diner menu too, with the accessibility statement one link away', async () => {
    const { page, context, problems } = await visit('/menu/demo', PHONE);
    expect(await page.getByRole('button', { name: 'התאמות נגישות' }).isVisible()).toBe(true);
    const statement = page.locator('footer').getByRole('link', { name: 'הצהרת נגישות' });
    expect(await statement.getAttribute('href')).toBe('/accessibility');
    // The menu's app arrives after its first paint and takes the page over in slices: the link is followed once that
    // work is done (a click in the middle of it landed on a footer being taken over on a loaded machine).
    await page.waitForLoadState('networkidle');
    // The address and the heading are waited for apart, so a failure says which step did not happen: the click's
    // navigation, or the statement's page drawing itself (CI saw the heading missing once, 2026-11-26).
    await Promise.all([page.waitForURL(`${origin}/accessibility`), statement.click()]);
    await page.getByRole('heading', { level: 1, name: 'הצהרת נגישות' }).waitFor();
    expect(problems()).toEqual([]);
    await context.close();
  });
});

describe('the accessibility statement', () => {
  it('names the adjustments, the limitations, the last review and whom to contact', async () => {
    const { page, context, problems } = await visit('/accessibility');
    const main = page.locator('main');
    for (const heading of ['ההתאמות שביצענו', 'מגבלות ידועות', 'פניות בנושא נגישות', 'עדכון ההצהרה'])
      expect(await main.getByRole('heading', { level: 2, name: heading }).isVisible()).toBe(true);
    expect(await main.locator('time').getAttribute('datetime')).toBe('2026-11-21');
    expect(await main.locator('time').textContent()).toBe('21.11.2026');
    expect(await main.getByRole('link', { name: 'accessibility@tafrit.co.il' }).getAttribute('href')).toBe(
      'mailto:accessibility@tafrit.co.il',
    );
    expect(await main.locator('a[href^="tel:"]').count()).toBe(1);
    expect(problems()).toEqual([]);
    await context.close();
  });
});

describe('the status a crawler sees', () => {
  it('is 404 for the menu of an unknown department and 200 for the demo café', async () => {
    const { page, context } = await visit('/menu/demo');
    expect((await page.goto(`${baseUrl}/menu/no-such-cafe`))?.status()).toBe(404);
    await page.locator('h1').waitFor();
    expect((await page.goto(`${baseUrl}/menu/demo`))?.status()).toBe(200);
    await context.close();
  });
});

describe('axe-core finds nothing', () => {
  const pages: [string, string][] = [
    ['the landing page', '/'],
    ['the terms', '/terms-conditions'],
    ['the accessibility statement', '/accessibility'],
    ['the not-found page', '/this/page/does-not-exist'],
  ];
  for (const [name, path] of pages) {
    for (const viewport of [DESKTOP, PHONE]) {
      it(`on ${name} at ${viewport.width} px`, async () => {
        const { page, context, problems } = await visit(path, viewport);
        await page.evaluate(() => document.fonts.ready);
        await expectAccessible(page);
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
          0,
        );
        // The not-found page is answered 404 (what crawlers must see): Chromium reports that document as a failed
        // resource, and nothing else may go wrong.
        const notFound = path === '/this/page/does-not-exist';
        expect(problems().filter((problem) => !(notFound && /status of 404/.test(problem)))).toEqual([]);
        await context.close();
      });
    }
  }
});
