import { useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { LIMITS } from '#shared/domain/limits.js';
import { ToastContext, ToastListContext, type ToastApi, type ToastItemState, type ToastOptions, type ToastType } from './toast-context.js';
import styles from './toast.module.css';

type Toast = ToastItemState;

const ICONS: Record<ToastType, string> = { success: '✓', error: '!', warning: '!', info: 'i' };
/** More than this and the oldest go first, so a burst of errors cannot cover the page. */
const MAX_VISIBLE = 4;

/** Holds the toasts; `ToastRegion` (placed by the layout, under the navbar) shows them. */
export function ToastProvider({ children, closeLabel }: { children: ReactNode; closeLabel: string }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((t) => t.id !== id)), []);

  const api = useMemo<ToastApi>(() => {
    const show = (message: string, options: ToastOptions = {}) => {
      const toast: Toast = {
        id: nextId.current++,
        message,
        type: options.type ?? 'info',
        durationMs: options.durationMs ?? LIMITS.toastMs.default,
      };
      setToasts((list) => [...list, toast].slice(-MAX_VISIBLE));
    };
    return {
      show,
      success: (message, durationMs) => show(message, { type: 'success', durationMs }),
      error: (message, durationMs) => show(message, { type: 'error', durationMs }),
      warning: (message, durationMs) => show(message, { type: 'warning', durationMs }),
      info: (message, durationMs) => show(message, { type: 'info', durationMs }),
      dismiss,
    };
  }, [dismiss]);

  const list = useMemo(() => ({ toasts, dismiss, closeLabel }), [toasts, dismiss, closeLabel]);

  return (
    <ToastContext.Provider value={api}>
      <ToastListContext.Provider value={list}>{children}</ToastListContext.Provider>
    </ToastContext.Provider>
  );
}

/**
 * Where the toasts show: a strip in the page flow right under the navbar, sticky itself (under
 * the pinned navbar on wide screens, at the top of the screen on phones). It pushes the page down
 * instead of lying over it (scroll anchoring is off, base.css), so a toast never covers a control. The live region is always in the page, so screen
 * readers announce each toast (errors and warnings as alerts, the rest as status messages).
 */
export function ToastRegion() {
  const list = useContext(ToastListContext);
  return (
    <div className={styles.region} aria-live="polite" data-testid="toast-region">
      {list?.toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} onClose={list.dismiss} closeLabel={list.closeLabel} />
      ))}
    </div>
  );
}

function ToastItem({ toast, onClose, closeLabel }: { toast: Toast; onClose: (id: number) => void; closeLabel: string }) {
  useEffect(() => {
    const timer = setTimeout(() => onClose(toast.id), toast.durationMs);
    return () => clearTimeout(timer);
  }, [toast, onClose]);

  return (
    <div className={`${styles.toast} ${styles[toast.type]}`} role={toast.type === 'error' || toast.type === 'warning' ? 'alert' : 'status'} data-toast-type={toast.type}>
      <span className={styles.icon} aria-hidden="true">
        {ICONS[toast.type]}
      </span>
      <p className={styles.message}>{toast.message}</p>
      <button type="button" className={styles.close} onClick={() => onClose(toast.id)} aria-label={closeLabel}>
        ×
      </button>
    </div>
  );
}
