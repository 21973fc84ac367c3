import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { a11yClassOf } from '@/components/a11y-widget/preferences';
import { withBidiNumbers } from './bidi';
import { scrollToSection, SectionLink } from './section-link';

function page() {
  render(
    <div>
      <SectionLink section="pricing">מחירים</SectionLink>
      <section id="pricing" aria-label="מחירים">
        ...
      </section>
    </div>,
  );
  const section = document.getElementById('pricing')!;
  const scroll = vi.fn();
  section.scrollIntoView = scroll;
  return { section, scroll };
}

function stubReducedMotion(reduce: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({ matches: reduce && query.includes('reduce'), media: query })),
  );
}

afterEach(() => {
  document.documentElement.classList.remove(a11yClassOf('stopAnimations'));
  window.history.replaceState(null, '', '/');
});

describe('section links', () => {
  it('scroll smoothly to the element whose id matches and move the focus there', async () => {
    stubReducedMotion(false);
    const { section, scroll } = page();
    await userEvent.setup().click(screen.getByRole('link', { name: 'מחירים' }));
    expect(scroll).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
    expect(document.activeElement).toBe(section);
    expect(section.getAttribute('tabindex')).toBe('-1');
    expect(window.location.hash).toBe('#pricing');
  });

  it('lay every section out before scrolling, so none above the target changes height on the way', async () => {
    stubReducedMotion(false);
    document.documentElement.classList.remove('sections-laid-out');
    const { scroll } = page();
    let laidOutWhenScrolled = false;
    scroll.mockImplementation(() => {
      laidOutWhenScrolled = document.documentElement.classList.contains('sections-laid-out');
    });
    await userEvent.setup().click(screen.getByRole('link', { name: 'מחירים' }));
    expect(laidOutWhenScrolled).toBe(true);
  });

  it('jump without animation when the system asks for reduced motion', async () => {
    stubReducedMotion(true);
    const { scroll } = page();
    await userEvent.setup().click(screen.getByRole('link', { name: 'מחירים' }));
    expect(scroll).toHaveBeenCalledWith({ behavior: 'instant', block: 'start' });
  });

  it('jump without animation when the person stopped animations in the widget', () => {
    stubReducedMotion(false);
    document.documentElement.classList.add(a11yClassOf('stopAnimations'));
    const { scroll } = page();
    expect(scrollToSection('pricing')).toBe(true);
    expect(scroll).toHaveBeenCalledWith({ behavior: 'instant', block: 'start' });
  });

  it('leave a link to a missing section to the browser', () => {
    expect(scrollToSection('nowhere')).toBe(false);
  });
});

describe('numbers in Hebrew sentences', () => {
  it('are isolated left to right, the words around them untouched', () => {
    const { container } = render(<p>{withBidiNumbers('רק 5% מכל עסקה, ₪0 בחודש, ב-20 לחודש, יחס 4.5:1.')}</p>);
    expect([...container.querySelectorAll('bdi')].map((bdi) => [bdi.textContent, bdi.getAttribute('dir')])).toEqual([
      ['5%', 'ltr'],
      ['₪0', 'ltr'],
      ['20', 'ltr'],
      ['4.5:1', 'ltr'],
    ]);
    expect(container.textContent).toBe('רק 5% מכל עסקה, ₪0 בחודש, ב-20 לחודש, יחס 4.5:1.');
  });
});
