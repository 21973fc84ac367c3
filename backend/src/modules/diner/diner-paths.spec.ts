import { departmentOfPage, orderStepOfPage } from './diner-paths.js';

describe('departmentOfPage', () => {
  it.each([
    ['/menu/demo', 'demo'],
    ['/menu/demo/', 'demo'],
    ['/menu/cafe_7-B?table=4', 'cafe_7-B'],
    ['/order?departmentId=demo', 'demo'],
    ['/order?table=2&departmentId=demo', 'demo'],
  ])('%s is the menu of %s', (url, id) => {
    expect(departmentOfPage(url)).toBe(id);
  });

  it.each(['/menu/a%20b', '/menu/%E0%A4%A', `/menu/${'x'.repeat(65)}`, '/menu/caf%C3%A9'])(
    '%s names a department that cannot exist',
    (url) => {
      expect(departmentOfPage(url)).toBeNull();
    },
  );

  it.each(['/', '/menu', '/menu/', '/menu/demo/extra', '/order', '/order?departmentId=a%20b', '/cart/demo', '/x'])(
    '%s is not a department page the server judges',
    (url) => {
      expect(departmentOfPage(url)).toBeUndefined();
    },
  );
});

describe('orderStepOfPage', () => {
  it.each([
    ['/cart', 'cart', undefined],
    ['/cart/', 'cart', undefined],
    ['/cart/demo', 'cart', 'demo'],
    ['/checkout/demo/', 'checkout', 'demo'],
    ['/shopping-cart/demo', 'checkout', 'demo'],
    ['/shoppingcart', 'checkout', undefined],
    ['/thank-you/demo', 'thank-you', 'demo'],
    ['/thankyou', 'thank-you', undefined],
    ['/cart/a%20b', 'cart', null],
    ['/cart/%E0%A4%A', 'cart', null],
  ])('%s is the %s step, of %s', (path, page, department) => {
    expect(orderStepOfPage(path)).toEqual({ page, department });
  });

  it.each(['/menu/demo', '/order', '/cart/a/b', '/carts', '/'])('%s is no step after the menu', (path) => {
    expect(orderStepOfPage(path)).toBeUndefined();
  });
});
