import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DinerApp } from './app';
import type { PublicMenu } from './menu-types';
import { orderSource } from './order-source';
import { paymentRequest } from './payment-request';

// Issue 33: the menu opened at its readable address keeps the cart under the department id, and the diner's source
// (a table's code, the window poster, a shared link with its `?src=` tag) travels with the cart to create-payment.

const DEPARTMENT = 'AbCdEfGhIjKlMnOp';
const menu: PublicMenu = {
  ordering: { open: true, reason: null, opensAt: null },
  business: { businessName: 'קפה הגפן', logo: null, departmentId: DEPARTMENT, menuAddress: 'cafe-hagefen' },
  categories: [{ id: 1, name: 'שתייה חמה', order: 0 }],
  products: [
    {
      id: 10,
      categoryId: 1,
      name: 'הפוך',
      description: null,
      price: '14.00',
      image: null,
      tags: [],
      optionGroups: [],
    },
  ],
};

function openAt(url: string) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = 'menu-data';
  script.textContent = JSON.stringify(menu);
  document.body.append(script);
  history.replaceState(null, '', url);
  return render(<DinerApp />);
}

afterEach(() => {
  document.querySelectorAll('script[type="application/json"]').forEach((script) => script.remove());
  localStorage.clear();
  sessionStorage.clear();
});

const body = () =>
  paymentRequest({
    departmentId: DEPARTMENT,
    businessName: 'קפה הגפן',
    lines: [{ productId: 10, name: 'הפוך', price: '14.00', quantity: 1 }],
    amount: 1400,
  });

describe('the menu at its readable address', () => {
  it('keeps the cart, the table and the department under the department id', () => {
    openAt('/menu/cafe-hagefen?src=instagram');
    fireEvent.click(screen.getByRole('button', { name: 'הוספה של הפוך לעגלה' }));
    expect(JSON.parse(localStorage.getItem(`cart_${DEPARTMENT}`) ?? '[]')).toEqual([
      { productId: 10, name: 'הפוך', price: '14.00', quantity: 1 },
    ]);
    expect(localStorage.getItem('cart_cafe-hagefen')).toBeNull();
    expect(localStorage.getItem('currentDepartmentId')).toBe(DEPARTMENT);
    // The cart's link goes to the department's cart, as from the random address.
    expect(screen.getByRole('link', { name: /^העגלה/ }).getAttribute('href')).toBe(`/cart/${DEPARTMENT}`);
  });
});

describe("the order's source", () => {
  it.each([
    ["a table's QR code", `/menu/${DEPARTMENT}?table=4`, { channel: 'table' }],
    ['the window poster', '/menu/cafe-hagefen?src=window', { channel: 'window' }],
    ['a shared link with a tag', '/menu/cafe-hagefen?src=Instagram', { channel: 'link', tag: 'instagram' }],
    ['a bare shared link', '/menu/cafe-hagefen', { channel: 'link' }],
  ])('comes from %s and goes with create-payment', (_name, url, source) => {
    openAt(url);
    expect(orderSource(DEPARTMENT)).toEqual(source);
    expect(body().source).toEqual(source);
  });

  it("stays through the tab's navigation: back to the menu without a query keeps the first one", () => {
    const first = openAt('/menu/cafe-hagefen?src=facebook');
    first.unmount();
    document.querySelectorAll('script[type="application/json"]').forEach((script) => script.remove());
    openAt(`/menu/${DEPARTMENT}`);
    expect(body().source).toEqual({ channel: 'link', tag: 'facebook' });
  });

  it('is a bare link when the tab kept nothing', () => {
    expect(body().source).toEqual({ channel: 'link' });
  });
});
