import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  authToken,
  cart,
  clearBusinessSession,
  clearDepartmentOrder,
  currentDepartmentId,
  lastOrder,
  readJson,
  remarks,
  storageKeys,
} from './storage';

afterEach(() => {
  localStorage.clear();
});

describe('device storage', () => {
  it('uses the keys of the product spec', () => {
    expect(storageKeys.cart('42')).toBe('cart_42');
    expect(storageKeys.remarks('42')).toBe('remarks_42');
    expect(storageKeys.lastOrder('42')).toBe('lastOrder_42');
    expect(storageKeys.business('42')).toBe('business_42');
    currentDepartmentId.set('42');
    expect(localStorage.getItem('currentDepartmentId')).toBe('42');
  });

  it('reads back what it wrote, per department', () => {
    cart.set('a', [{ productId: 1, quantity: 2 }]);
    remarks.set('a', 'בלי בצל');
    expect(cart.get('a')).toEqual([{ productId: 1, quantity: 2 }]);
    expect(cart.get('b')).toEqual([]);
    expect(remarks.get('a')).toBe('בלי בצל');
  });

  it('treats corrupt JSON as missing', () => {
    localStorage.setItem('cart_a', '{not json');
    expect(cart.get('a')).toEqual([]);
    expect(readJson('cart_a')).toBeNull();
  });

  it('clears a paid order and a business session', () => {
    cart.set('a', [{ productId: 1, quantity: 1 }]);
    remarks.set('a', 'חריף');
    lastOrder.set('a', { orderNumber: 'A-1' });
    clearDepartmentOrder('a');
    expect(localStorage.length).toBe(0);

    authToken.set('t');
    localStorage.setItem('businessData', '{}');
    localStorage.setItem('adminImpersonating', 'true');
    localStorage.setItem('adminToken', 'admin');
    clearBusinessSession();
    expect(authToken.get()).toBeNull();
    expect(localStorage.getItem('businessData')).toBeNull();
    expect(localStorage.getItem('adminImpersonating')).toBeNull();
    expect(localStorage.getItem('adminToken')).toBe('admin');
  });

  it('survives a store that throws', () => {
    const failing = () => {
      throw new DOMException('denied', 'SecurityError');
    };
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(failing);
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(failing);
    vi.spyOn(Storage.prototype, 'removeItem').mockImplementation(failing);
    expect(authToken.get()).toBeNull();
    expect(authToken.set('t')).toBe(false);
    expect(() => clearDepartmentOrder('a')).not.toThrow();
    expect(cart.get('a')).toEqual([]);
  });
});
