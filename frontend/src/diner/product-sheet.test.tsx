import { fireEvent, render, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { PublicProduct } from './menu-types';
import ProductSheet from './product-sheet';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const breakfast: PublicProduct = {
  id: 5,
  categoryId: 1,
  name: 'ארוחת בוקר ישראלית',
  description: 'שתי ביצים כבקשתך',
  price: '58.00',
  image: null,
  tags: ['vegetarian'],
  optionGroups: [
    {
      id: id(100),
      name: 'ביצים',
      minChoices: 1,
      maxChoices: 1,
      without: false,
      options: [
        { id: id(1), name: 'עין', price: '0.00', available: true, isDefault: false },
        { id: id(2), name: 'חביתה', price: '0.00', available: true, isDefault: false },
      ],
    },
    {
      id: id(200),
      name: 'תוספות',
      minChoices: 0,
      maxChoices: 2,
      without: false,
      options: [
        { id: id(3), name: 'שוט נוסף', price: '3.00', available: true, isDefault: true },
        { id: id(4), name: 'אבוקדו', price: '6.00', available: false, isDefault: false },
        { id: id(5), name: 'ואניל', price: '2.00', available: true, isDefault: false },
      ],
    },
    {
      id: id(300),
      name: 'בלי',
      minChoices: 0,
      maxChoices: 3,
      without: true,
      options: [{ id: id(6), name: 'בלי בצל', price: '0.00', available: true, isDefault: false }],
    },
  ],
};

beforeAll(() => {
  // jsdom has no modal dialogs; the browser tests (e2e) use the real one.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
});

function open(overrides: Partial<Parameters<typeof ProductSheet>[0]> = {}) {
  const onSubmit = vi.fn();
  const onClose = vi.fn();
  const opener = document.createElement('button');
  document.body.append(opener);
  render(<ProductSheet product={breakfast} onSubmit={onSubmit} onClose={onClose} opener={opener} {...overrides} />);
  return { onSubmit, onClose, opener, sheet: screen.getByTestId('product-sheet') };
}

describe('the product sheet (issue 16)', () => {
  it('shows the product, its groups as radio buttons or check boxes, with prices and defaults', () => {
    const { sheet } = open();
    expect(within(sheet).getByRole('heading', { name: 'ארוחת בוקר ישראלית' })).toBeTruthy();
    expect(within(sheet).getByText('שתי ביצים כבקשתך')).toBeTruthy();
    const eggs = within(sheet).getByRole('group', { name: /ביצים/ });
    expect(within(eggs).getAllByRole('radio')).toHaveLength(2);
    const extras = within(sheet).getByRole('group', { name: /תוספות/ });
    expect(within(extras).getByRole('checkbox', { name: /שוט נוסף/ })).toHaveProperty('checked', true);
    expect(within(extras).getByText('+₪3.00').getAttribute('dir')).toBe('ltr');
  });

  it('disables and labels a sold-out option', () => {
    const { sheet } = open();
    const avocado = within(sheet).getByRole('checkbox', { name: /אבוקדו/ });
    expect(avocado).toHaveProperty('disabled', true);
    expect(within(sheet).getByRole('checkbox', { name: /אבוקדו.*אזל/ })).toBe(avocado);
  });

  it('keeps the add button explaining a required group, and adds nothing until it is chosen', () => {
    const { sheet, onSubmit } = open();
    const add = within(sheet).getByTestId('sheet-add');
    expect(add.getAttribute('aria-disabled')).toBe('true');
    const reason = within(sheet).getByTestId('sheet-reason');
    expect(reason.textContent).toBe('יש לבחור ביצים');
    expect(add.getAttribute('aria-describedby')).toBe(reason.id);
    fireEvent.click(add);
    expect(onSubmit).not.toHaveBeenCalled();
    expect(within(sheet).getByRole('alert').textContent).toBe('יש לבחור ביצים');
    expect(document.activeElement).toBe(within(sheet).getByRole('radio', { name: 'עין' }));
  });

  it('shows the live price with the options and the quantity, and adds the line with its choices', () => {
    const { sheet, onSubmit, onClose, opener } = open();
    fireEvent.click(within(sheet).getByRole('radio', { name: 'חביתה' }));
    expect(within(sheet).getByTestId('sheet-price').textContent).toBe('₪61.00');
    fireEvent.click(within(sheet).getByRole('checkbox', { name: /ואניל/ }));
    fireEvent.click(within(sheet).getByRole('checkbox', { name: 'בלי בצל' }));
    fireEvent.click(within(sheet).getByRole('button', { name: 'הוספת יחידה' }));
    expect(within(sheet).getByTestId('sheet-price').textContent).toBe('₪126.00');
    fireEvent.click(within(sheet).getByTestId('sheet-add'));
    expect(onSubmit).toHaveBeenCalledWith({
      productId: 5,
      name: 'ארוחת בוקר ישראלית',
      price: '63.00',
      quantity: 2,
      options: [
        { id: id(2), name: 'חביתה', price: 0 },
        { id: id(3), name: 'שוט נוסף', price: 300 },
        { id: id(5), name: 'ואניל', price: 200 },
        { id: id(6), name: 'בלי בצל', price: 0, without: true },
      ],
    });
    expect(onClose).toHaveBeenCalled();
    expect(document.activeElement).toBe(opener);
  });

  it('lets no more than a group allows be ticked', () => {
    const { sheet } = open();
    fireEvent.click(within(sheet).getByRole('checkbox', { name: /ואניל/ }));
    const extras = within(sheet).getByRole('group', { name: /תוספות/ });
    // Two of two: the third (sold out anyway) and any other unticked box are disabled.
    expect(within(extras).getByRole('checkbox', { name: /אבוקדו/ })).toHaveProperty('disabled', true);
    fireEvent.click(within(sheet).getByRole('checkbox', { name: /שוט נוסף/ }));
    expect(within(extras).getByRole('checkbox', { name: /שוט נוסף/ })).toHaveProperty('checked', false);
  });

  it('reopens an edited line with its choices and quantity', () => {
    const { sheet } = open({
      editing: {
        productId: 5,
        name: 'ארוחת בוקר ישראלית',
        price: '58.00',
        quantity: 3,
        options: [{ id: id(1), name: 'עין', price: 0 }],
      },
    });
    expect(within(sheet).getByRole('radio', { name: 'עין' })).toHaveProperty('checked', true);
    expect(within(sheet).getByRole('checkbox', { name: /שוט נוסף/ })).toHaveProperty('checked', false);
    expect(within(sheet).getByTestId('sheet-quantity').textContent).toBe('3');
    expect(within(sheet).getByTestId('sheet-add').textContent).toContain('שמירת השינויים');
    expect(within(sheet).getByTestId('sheet-price').textContent).toBe('₪174.00');
  });
});
