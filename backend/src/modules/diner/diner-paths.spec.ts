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
    ['/cart', undefined],
    ['/cart/', undefined],
    ['/cart/demo', 'demo'],
    ['/checkout/demo/', 'demo'],
    ['/shopping-cart/demo', 'demo'],
    ['/shoppingcart', undefined],
    ['/thank-you/demo', 'demo'],
    ['/thankyou', undefined],
    ['/cart/a%20b', null],
    ['/cart/%E0%A4%A', null],
  ])('%s is a step after the menu, of %s', (path, department) => {
    expect(orderStepOfPage(path)).toEqual({ department });
  });

  it.each(['/menu/demo', '/order', '/cart/a/b', '/carts', '/'])('%s is no step after the menu', (path) => {
    expect(orderStepOfPage(path)).toBeUndefined();
  });
});
