// Toasts: `toast()` works from anywhere (mutation callbacks, the api layer). Radix Toast (toaster.tsx) does the
// rest: it closes a toast after its duration, pauses that while the toast is hovered or focused or the window is in
// the background (WCAG 2.2.1), closes it with Escape, its close button or a swipe, takes the keyboard to it with F8 and
// announces it. This module only holds which toasts are to be drawn. Numbers from the product spec: at most one toast
// at a time (a new one replaces the one shown), 5 s on screen.
import { useSyncExternalStore, type ReactNode } from 'react';

export const TOAST_LIMIT = 1;
export const TOAST_DEFAULT_DURATION_MS = 5000;

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
}

let toasts: readonly ToastItem[] = [];
let counter = 0;
const listeners = new Set<() => void>();

function emit(next: readonly ToastItem[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

/** Closes one toast, or all of them without an id. */
export function dismissToast(id?: string): void {
  const next = id === undefined ? [] : toasts.filter((t) => t.id !== id);
  if (next.length !== toasts.length) emit(next);
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
  };
  // Newest first; anything past the limit goes at once, the way the original product did.
  emit([item, ...toasts].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id) };
}

/** The toasts being shown, newest first. */
export function getToasts(): readonly ToastItem[] {
  return toasts;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToasts(): readonly ToastItem[] {
  return useSyncExternalStore(subscribe, getToasts, getToasts);
}

/** For tests: forget every toast. */
export function resetToasts(): void {
  emit([]);
}
