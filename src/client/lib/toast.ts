import { useSyncExternalStore } from 'react';

export type ToastVariant = 'default' | 'success' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

export interface ToastItem extends ToastInput {
  id: number;
}

// One toast at a time: a new one replaces whatever is showing.
let current: ToastItem | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export function toast(input: ToastInput): number {
  current = { ...input, id: nextId++ };
  emit();
  return current.id;
}

export function dismissToast(id: number) {
  if (current?.id !== id) return;
  current = null;
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useCurrentToast(): ToastItem | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}
