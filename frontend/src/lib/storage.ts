// What the product keeps on the device (product spec §3). Every access goes through here: localStorage can throw
// (Safari private mode, storage disabled by policy, quota exceeded), and a broken store must never break a page.

export const storageKeys = {
  authToken: 'authToken',
  businessData: 'businessData',
  adminImpersonating: 'adminImpersonating',
  adminToken: 'adminToken',
  adminPhone: 'adminPhone',
  currentDepartmentId: 'currentDepartmentId',
  dinerSessionId: 'dinerSessionId',
  business: (departmentId: string) => `business_${departmentId}`,
  cart: (departmentId: string) => `cart_${departmentId}`,
  remarks: (departmentId: string) => `remarks_${departmentId}`,
  lastOrder: (departmentId: string) => `lastOrder_${departmentId}`,
} as const;

function store(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export function readString(key: string): string | null {
  try {
    return store()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Returns false when the value could not be stored. */
export function writeString(key: string, value: string): boolean {
  try {
    const s = store();
    if (!s) return false;
    s.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

export function remove(key: string): void {
  try {
    store()?.removeItem(key);
  } catch {
    // Nothing to do: an unavailable store holds nothing.
  }
}

/** Parsed JSON, or null when missing or not valid JSON. The shape is the caller's to check. */
export function readJson<T>(key: string): T | null {
  const raw = readString(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown): boolean {
  return writeString(key, JSON.stringify(value));
}

// Sessions

export const authToken = {
  get: (): string | null => readString(storageKeys.authToken) || null,
  set: (token: string): boolean => writeString(storageKeys.authToken, token),
  clear: (): void => remove(storageKeys.authToken),
};

export const adminToken = {
  get: (): string | null => readString(storageKeys.adminToken) || null,
  set: (token: string): boolean => writeString(storageKeys.adminToken, token),
  clear: (): void => remove(storageKeys.adminToken),
};

export const adminPhone = {
  get: (): string | null => readString(storageKeys.adminPhone) || null,
  set: (phone: string): boolean => writeString(storageKeys.adminPhone, phone),
  clear: (): void => remove(storageKeys.adminPhone),
};

/** The signed-in business as last returned by the server; its type comes from @tafrit/contracts at the call site. */
export const businessData = {
  get: <T>(): T | null => readJson<T>(storageKeys.businessData),
  set: (business: unknown): boolean => writeJson(storageKeys.businessData, business),
  clear: (): void => remove(storageKeys.businessData),
};

/** Set when an administrator opened this business session; logout then closes the window. */
export const adminImpersonating = {
  get: (): boolean => readString(storageKeys.adminImpersonating) === 'true',
  set: (value: boolean): void => {
    if (value) writeString(storageKeys.adminImpersonating, 'true');
    else remove(storageKeys.adminImpersonating);
  },
};

/** Forgets the business session (token, business, impersonation mark); the admin session is kept. */
export function clearBusinessSession(): void {
  authToken.clear();
  businessData.clear();
  remove(storageKeys.adminImpersonating);
}

// Diner: per department

export const currentDepartmentId = {
  get: (): string | null => readString(storageKeys.currentDepartmentId) || null,
  set: (departmentId: string): boolean => writeString(storageKeys.currentDepartmentId, departmentId),
  clear: (): void => remove(storageKeys.currentDepartmentId),
};

/**
 * The diner's device id, sent with a payment (`cartData.sessionId`): made once, kept. It identifies nothing secret;
 * the server's HttpOnly cookie is what ties the diner to the order.
 */
export const dinerSessionId = {
  get: (): string | null => readString(storageKeys.dinerSessionId) || null,
  /** The stored id, or a new random one (stored when the device lets us). */
  ensure: (): string => {
    const known = readString(storageKeys.dinerSessionId);
    if (known) return known;
    const id = globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
    writeString(storageKeys.dinerSessionId, id);
    return id;
  },
};

export const departmentBusiness = {
  get: <T>(departmentId: string): T | null => readJson<T>(storageKeys.business(departmentId)),
  set: (departmentId: string, business: unknown): boolean => writeJson(storageKeys.business(departmentId), business),
};

export const cart = {
  get: <T>(departmentId: string): T[] => {
    const value = readJson<unknown>(storageKeys.cart(departmentId));
    return Array.isArray(value) ? (value as T[]) : [];
  },
  set: (departmentId: string, lines: readonly unknown[]): boolean => writeJson(storageKeys.cart(departmentId), lines),
  clear: (departmentId: string): void => remove(storageKeys.cart(departmentId)),
};

export const remarks = {
  get: (departmentId: string): string => readString(storageKeys.remarks(departmentId)) ?? '',
  set: (departmentId: string, text: string): boolean => writeString(storageKeys.remarks(departmentId), text),
  clear: (departmentId: string): void => remove(storageKeys.remarks(departmentId)),
};

export const lastOrder = {
  get: <T>(departmentId: string): T | null => readJson<T>(storageKeys.lastOrder(departmentId)),
  set: (departmentId: string, order: unknown): boolean => writeJson(storageKeys.lastOrder(departmentId), order),
  clear: (departmentId: string): void => remove(storageKeys.lastOrder(departmentId)),
};

/** After a paid order (thank-you page): the cart, its remarks and the saved last order are done with. */
export function clearDepartmentOrder(departmentId: string): void {
  cart.clear(departmentId);
  remarks.clear(departmentId);
  lastOrder.clear(departmentId);
}
