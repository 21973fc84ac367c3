// Department ids reach the diner screens from the path, the `?departmentId=` query or the device (product spec §2).
// This file is imported by route files, so it lives in the entry chunk: keep it dependency-free.

const DEPARTMENT_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** A usable department id, or undefined. The router parses `?departmentId=42` as the number 42: accept that too. */
export function parseDepartmentId(value: unknown): string | undefined {
  const text = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value;
  return typeof text === 'string' && DEPARTMENT_ID.test(text) ? text : undefined;
}

export interface DepartmentSearch {
  departmentId?: string;
}

/** `validateSearch` of the diner routes: keeps a valid `departmentId`, drops anything else. */
export function validateDepartmentSearch(search: Record<string, unknown>): DepartmentSearch {
  const departmentId = parseDepartmentId(search.departmentId);
  return departmentId ? { departmentId } : {};
}
