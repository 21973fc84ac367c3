import { describe, expect, it } from 'vitest';
import { dinerHref, parseDinerPath, parseTable } from './paths';

describe('parseDinerPath', () => {
  it.each([
    ['/menu/demo', '', 'menu', 'demo'],
    ['/menu/demo/', '', 'menu', 'demo'],
    ['/order', '?departmentId=demo', 'menu', 'demo'],
    ['/order', '?departmentId=42', 'menu', '42'],
    ['/cart', '', 'cart', 'stored'],
    ['/cart/demo', '', 'cart', 'demo'],
    ['/checkout', '', 'checkout', 'stored'],
    ['/checkout/demo', '', 'checkout', 'demo'],
    ['/shopping-cart', '', 'checkout', 'stored'],
    ['/shopping-cart/demo', '', 'checkout', 'demo'],
    ['/shoppingcart', '?departmentId=q', 'checkout', 'q'],
    ['/thank-you', '', 'thank-you', 'stored'],
    ['/thank-you/demo', '', 'thank-you', 'demo'],
    ['/thankyou', '', 'thank-you', 'stored'],
  ])('%s%s is the %s of %s', (path, search, page, departmentId) => {
    expect(parseDinerPath(path, search, 'stored')).toMatchObject({ page, departmentId });
  });

  it('prefers ?departmentId= to the stored department, and ignores a malformed one', () => {
    expect(parseDinerPath('/order', '?departmentId=q', 'stored')).toMatchObject({ departmentId: 'q' });
    expect(parseDinerPath('/order', '?departmentId=a%20b', 'stored')).toMatchObject({ departmentId: 'stored' });
    expect(parseDinerPath('/order', '', null)).toMatchObject({ page: 'menu', departmentId: undefined });
  });

  it('never swaps a malformed id in the path for the stored one', () => {
    expect(parseDinerPath(`/menu/${encodeURIComponent('a b<c>')}`, '', 'stored')).toMatchObject({
      page: 'menu',
      departmentId: undefined,
    });
    expect(parseDinerPath('/cart/%E0%A4%A', '', 'stored')).toMatchObject({ departmentId: undefined });
  });

  it('keeps a table from the query', () => {
    expect(parseDinerPath('/menu/demo', '?table=4', null)).toMatchObject({ table: '4' });
    expect(parseDinerPath('/menu/demo', '?table=<b>', null)).toMatchObject({ table: undefined });
    expect(parseTable(' 12 ')).toBe('12');
    expect(parseTable('')).toBeUndefined();
  });

  it.each(['/menu', '/menu/demo/extra', '/shoppingcart/demo', '/thankyou/demo', '/order/demo', '/', '/constructor'])(
    '%s is no diner page',
    (path) => {
      expect(parseDinerPath(path, '', 'stored')).toEqual({ page: 'not-found' });
    },
  );
});

describe("the shared table's secret on the poster's address (issue 34)", () => {
  it('keeps ?key= beside a table, and only a well-formed one', () => {
    const key = 'AbCdEfGhIjKl_-9z';
    expect(parseDinerPath('/menu/demo', `?table=3&key=${key}`, null)).toEqual({
      page: 'menu',
      departmentId: 'demo',
      table: '3',
      key,
    });
    expect(parseDinerPath('/menu/demo', '?table=3&key=short', null)).toEqual({
      page: 'menu',
      departmentId: 'demo',
      table: '3',
    });
    // A secret without a table joins nothing.
    expect(parseDinerPath('/menu/demo', `?key=${key}`, null)).toEqual({
      page: 'menu',
      departmentId: 'demo',
      table: undefined,
    });
  });
});

describe('dinerHref', () => {
  it('builds the addresses of a department', () => {
    expect(dinerHref('menu', 'demo')).toBe('/menu/demo');
    expect(dinerHref('menu', undefined)).toBe('/order');
    expect(dinerHref('cart', 'demo')).toBe('/cart/demo');
    expect(dinerHref('checkout', undefined)).toBe('/checkout');
  });
});
