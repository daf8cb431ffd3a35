import { createContext, useContext } from 'react';

export type ToastType = 'success' | 'error' | 'warning' | 'info';

export interface ToastOptions {
  type?: ToastType;
  /** Milliseconds on screen; LIMITS.toastMs.default (3 s) unless a screen sets its own. */
  durationMs?: number;
}

export interface ToastApi {
  show(message: string, options?: ToastOptions): void;
  success(message: string, durationMs?: number): void;
  error(message: string, durationMs?: number): void;
  warning(message: string, durationMs?: number): void;
  info(message: string, durationMs?: number): void;
  dismiss(id: number): void;
}

export const ToastContext = createContext<ToastApi | null>(null);

export interface ToastItemState {
  id: number;
  message: string;
  type: ToastType;
  durationMs: number;
  /** Date.now() when shown: the toast closes `durationMs` after it. */
  shownAt: number;
}

/** The shown toasts, for the region that draws them; `latestId` is the last one shown (0: none yet), even once closed. */
export const ToastListContext = createContext<{
  toasts: ToastItemState[];
  latestId: number;
  dismiss(id: number): void;
  closeLabel: string;
} | null>(null);

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}
