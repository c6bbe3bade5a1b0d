/**
 * Toasts, notices and confirm dialogs, raised from anywhere (the request layer, mutations, views) and shown by
 * <FeedbackHost>. An external store; empty on the server.
 */
import { useSyncExternalStore } from 'react';

import type { ConfirmRequest, Feedback, Message, ToastRequest } from './request/types';

export interface ToastItem extends ToastRequest {
  id: number;
}

export interface ConfirmItem extends ConfirmRequest {
  id: number;
  resolve: (ok: boolean) => void;
}

interface FeedbackState {
  toasts: readonly ToastItem[];
  confirms: readonly ConfirmItem[];
}

const EMPTY: FeedbackState = { toasts: [], confirms: [] };
let state: FeedbackState = EMPTY;
let nextId = 1;
const listeners = new Set<() => void>();

function set(next: FeedbackState): void {
  state = next;
  listeners.forEach((l) => {
    l();
  });
}

/** At most this many toasts at once; the oldest goes first. */
const MAX_TOASTS = 4;

export const feedback: Feedback = {
  toast(toast) {
    const item: ToastItem = { ...toast, id: nextId++ };
    // the same text twice in a row (e.g. several calls failing together) is shown once
    const dup = state.toasts.find((t) => t.type === item.type && JSON.stringify(t.message) === JSON.stringify(item.message));
    if (dup) return;
    set({ ...state, toasts: [...state.toasts, item].slice(-MAX_TOASTS) });
  },
  confirm(confirm) {
    return new Promise<boolean>((resolve) => {
      set({ ...state, confirms: [...state.confirms, { ...confirm, id: nextId++, resolve }] });
    });
  },
};

export function dismissToast(id: number): void {
  set({ ...state, toasts: state.toasts.filter((t) => t.id !== id) });
}

export function answerConfirm(id: number, ok: boolean): void {
  const item = state.confirms.find((c) => c.id === id);
  set({ ...state, confirms: state.confirms.filter((c) => c.id !== id) });
  item?.resolve(ok);
}

export function useFeedbackState(): FeedbackState {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => {
        listeners.delete(l);
      };
    },
    () => state,
    () => EMPTY,
  );
}

/** Shorthands for views. */
export const notify = {
  success(message: Message): void {
    feedback.toast({ type: 'success', message });
  },
  error(message: Message): void {
    feedback.toast({ type: 'error', message, closable: true });
  },
  info(message: Message): void {
    feedback.toast({ type: 'info', message });
  },
};

/** A confirm with the usual OK/Cancel labels. */
export function confirmAction(title: Message, message: Message, tone: 'danger' | 'default' = 'danger'): Promise<boolean> {
  return feedback.confirm({
    title,
    message,
    confirmLabel: { key: 'actions.confirm' },
    cancelLabel: { key: 'actions.cancel' },
    tone,
  });
}
