import { useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { LIMITS } from '#shared/domain/limits.js';
import {
  ToastContext,
  ToastListContext,
  type ToastApi,
  type ToastItemState,
  type ToastOptions,
  type ToastType,
} from './toast-context.js';
import styles from './toast.module.css';

type Toast = ToastItemState;

const ICONS: Record<ToastType, string> = { success: '✓', error: '!', warning: '!', info: 'i' };
/** More than this and the oldest go first, so a burst of errors cannot cover the page. */
const MAX_VISIBLE = 4;

/** Holds the toasts; `ToastRegion` (placed by the layout, under the navbar) shows them. */
export function ToastProvider({ children, closeLabel }: { children: ReactNode; closeLabel: string }) {
  const [shown, setShown] = useState<{ toasts: Toast[]; latestId: number }>({ toasts: [], latestId: 0 });
  const nextId = useRef(1);

  const dismiss = useCallback(
    (id: number) => setShown((state) => ({ ...state, toasts: state.toasts.filter((t) => t.id !== id) })),
    [],
  );

  const api = useMemo<ToastApi>(() => {
    const show = (message: string, options: ToastOptions = {}) => {
      const toast: Toast = {
        id: nextId.current++,
        message,
        type: options.type ?? 'info',
        durationMs: options.durationMs ?? LIMITS.toastMs.default,
        shownAt: Date.now(),
      };
      // The same message again (a button pressed twice while loading) replaces the shown one instead of stacking.
      setShown((state) => ({
        toasts: [
          ...state.toasts.filter((shown) => shown.message !== message || shown.type !== toast.type),
          toast,
        ].slice(-MAX_VISIBLE),
        latestId: toast.id,
      }));
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

  const list = useMemo(() => ({ ...shown, dismiss, closeLabel }), [shown, dismiss, closeLabel]);

  return (
    <ToastContext.Provider value={api}>
      <ToastListContext.Provider value={list}>{children}</ToastListContext.Provider>
    </ToastContext.Provider>
  );
}

/**
 * The id of the latest toast when the page last scrolled (0: not since the first toast): toasts up
 * to it have been scrolled past, later ones have not.
 */
function useScrolledPast(latestId: number): number {
  const [scrolledPast, setScrolledPast] = useState(0);
  useEffect(() => {
    if (latestId <= scrolledPast) return;
    const settle = () => setScrolledPast(latestId);
    window.addEventListener('scroll', settle, { passive: true, once: true });
    return () => window.removeEventListener('scroll', settle);
  }, [latestId, scrolledPast]);
  return scrolledPast;
}

/**
 * Where the toasts show, right under the navbar, never over the page (D78, D93). A new toast goes
 * into a sticky strip in the page flow, pinned to the top of the view (under the pinned navbar on
 * wide screens, at the top of the screen on phones): it pushes the page down, and with scroll
 * anchoring off (base.css) what the learner sees moves down and none of it goes under the toast.
 * Once the page scrolls, the shown toasts settle into a plain strip just above the sticky one, the
 * place they already took in the flow (so settling moves nothing), and scroll away with the top of
 * the page: nothing slides beneath them. Scrolled back up, they are still there until they close.
 * The sticky strip is the live region (errors and warnings as alerts, the rest as status
 * messages); a settled toast has been announced and gets no role.
 */
export function ToastRegion() {
  const list = useContext(ToastListContext);
  const scrolledPast = useScrolledPast(list?.latestId ?? 0);
  if (!list) return null;
  const item = (toast: Toast) => (
    <ToastItem
      key={toast.id}
      toast={toast}
      settled={toast.id <= scrolledPast}
      onClose={list.dismiss}
      closeLabel={list.closeLabel}
    />
  );
  const pinned = list.toasts.filter((toast) => toast.id > scrolledPast);
  return (
    <>
      <div className={styles.settled} data-testid="toast-settled">
        {list.toasts.filter((toast) => toast.id <= scrolledPast).map(item)}
      </div>
      <div className={styles.region} aria-live="polite" data-testid="toast-region" data-pinned={pinned.length > 0}>
        {pinned.map(item)}
      </div>
    </>
  );
}

function ToastItem({
  toast,
  settled,
  onClose,
  closeLabel,
}: {
  toast: Toast;
  settled: boolean;
  onClose: (id: number) => void;
  closeLabel: string;
}) {
  useEffect(() => {
    // From the showing, not the mounting: a toast that settles is mounted again in the other strip.
    const timer = setTimeout(() => onClose(toast.id), Math.max(0, toast.shownAt + toast.durationMs - Date.now()));
    return () => clearTimeout(timer);
  }, [toast, onClose]);

  const role = settled ? undefined : toast.type === 'error' || toast.type === 'warning' ? 'alert' : 'status';
  return (
    <div
      className={`${styles.toast} ${styles[toast.type]} ${settled ? styles.still : ''}`}
      role={role}
      data-toast-type={toast.type}
    >
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
