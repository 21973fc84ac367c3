/**
 * Code a page needs only once the person acts (a form's validation), loaded at the first sign of that (a focus, a
 * tap) instead of with the page: on a slow phone, every module evaluated before the page can take input is time in
 * which it cannot. `load` runs once; `warm()` starts it without waiting, calling the function waits for it.
 */
export interface OnDemand<T> {
  (): Promise<T>;
  warm(): void;
}

export function onDemand<T>(load: () => Promise<T>): OnDemand<T> {
  let loading: Promise<T> | undefined;
  const get = (() => {
    loading ??= load().catch((error: unknown) => {
      // A failed download (the line dropped) is tried again at the next call, not remembered.
      loading = undefined;
      throw error;
    });
    return loading;
  }) as OnDemand<T>;
  get.warm = () => void get().catch(() => undefined);
  return get;
}
