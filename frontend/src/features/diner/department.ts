import { parseDepartmentId } from '@/lib/department';
import { currentDepartmentId } from '@/lib/storage';

/**
 * The department a diner screen is about (product spec §2): from the path; without one in the path, from the
 * `?departmentId=` query, else the one stored on the device by the last menu visited. Undefined when none is known
 * or the path's id is malformed (a bad path is a not-found, never silently another restaurant's menu).
 */
export function resolveDepartmentId(sources: { param?: string; search?: string }): string | undefined {
  if (sources.param !== undefined) return parseDepartmentId(sources.param);
  return parseDepartmentId(sources.search) ?? parseDepartmentId(currentDepartmentId.get());
}
