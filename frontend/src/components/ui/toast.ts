// Toasts: a tiny store outside React so `toast()` works from anywhere (mutation callbacks, the api layer).
// Numbers from the product spec: at most one toast at a time, a dismissed toast is dropped from memory after
// 1,000,000 ms. Ours: a toast closes itself after 5 s unless the person is hovering or focusing it.
import { useSyncExternalStore, type ReactNode } from 'react';

export const TOAST_LIMIT = 1;
export const TOAST_DEFAULT_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

export type ToastVariant = 'default' | 'destructive';

export interface ToastOptions {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** Milliseconds before it closes itself; Infinity keeps it until closed. */
  duration?: number;
}

export interface ToastItem {
  id: string;
  title?: ReactNode;
  description?: ReactNode;
  variant: ToastVariant;
  duration: number;
  /** False once dismissed: no longer shown, removed from memory after TOAST_REMOVE_DELAY_MS. */
  open: boolean;
}

type Timer = ReturnType<typeof setTimeout>;

let toasts: ToastItem[] = [];
let counter = 0;
const listeners = new Set<() => void>();
const closeTimers = new Map<string, { timer: Timer | null; remaining: number; startedAt: number }>();
const removeTimers = new Map<string, Timer>();

function emit(next: ToastItem[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

function clearTimers(id: string): void {
  const close = closeTimers.get(id);
  if (close?.timer) clearTimeout(close.timer);
  closeTimers.delete(id);
  const remove = removeTimers.get(id);
  if (remove) clearTimeout(remove);
  removeTimers.delete(id);
}

function startCloseTimer(id: string, ms: number): void {
  if (!Number.isFinite(ms)) return;
  const timer = setTimeout(() => dismissToast(id), Math.max(0, ms));
  closeTimers.set(id, { timer, remaining: ms, startedAt: Date.now() });
}

function removeToast(id: string): void {
  clearTimers(id);
  emit(toasts.filter((t) => t.id !== id));
}

/** Closes one toast, or all of them without an id. */
export function dismissToast(id?: string): void {
  const ids = id === undefined ? toasts.filter((t) => t.open).map((t) => t.id) : [id];
  let changed = false;
  const next = toasts.map((t) => {
    if (!ids.includes(t.id) || !t.open) return t;
    changed = true;
    const close = closeTimers.get(t.id);
    if (close?.timer) clearTimeout(close.timer);
    closeTimers.delete(t.id);
    removeTimers.set(
      t.id,
      setTimeout(() => removeToast(t.id), TOAST_REMOVE_DELAY_MS),
    );
    return { ...t, open: false };
  });
  if (changed) emit(next);
}

/** Stops the close countdown while the toast is hovered or focused (WCAG 2.2.1: timing adjustable). */
export function pauseToast(id: string): void {
  const close = closeTimers.get(id);
  if (!close?.timer) return;
  clearTimeout(close.timer);
  closeTimers.set(id, { timer: null, remaining: close.remaining - (Date.now() - close.startedAt), startedAt: 0 });
}

export function resumeToast(id: string): void {
  const close = closeTimers.get(id);
  if (!close || close.timer) return;
  startCloseTimer(id, close.remaining);
}

export function toast(options: ToastOptions): { id: string; dismiss: () => void } {
  counter += 1;
  const id = `toast-${counter}`;
  const item: ToastItem = {
    id,
    title: options.title,
    description: options.description,
    variant: options.variant ?? 'default',
    duration: options.duration ?? TOAST_DEFAULT_DURATION_MS,
    open: true,
  };
  // Newest first; anything past the limit is dropped at once, the way the original product did.
  const next = [item, ...toasts];
  for (const dropped of next.slice(TOAST_LIMIT)) clearTimers(dropped.id);
  emit(next.slice(0, TOAST_LIMIT));
  startCloseTimer(id, item.duration);
  return { id, dismiss: () => dismissToast(id) };
}

export function getToasts(): readonly ToastItem[] {
  return toasts;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToast() {
  const current = useSyncExternalStore(subscribe, getToasts, getToasts);
  return { toasts: current, toast, dismiss: dismissToast };
}

/** For tests: forget every toast and timer. */
export function resetToasts(): void {
  for (const t of toasts) clearTimers(t.id);
  emit([]);
}
