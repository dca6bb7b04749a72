import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { TOAST_DEFAULT_MS } from '@nexbyte/shared';

export type ToastType = 'success' | 'error' | 'info';

export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface ToastOptions {
  type?: ToastType;
  /** Defaults by type: 'Listo', 'Ups', 'Info' (docs/product.md#messages). */
  title?: string;
  message: string;
  /** Milliseconds on screen; 0 or less stays until closed. */
  duration?: number;
  /** A button in the toast (e.g. 'Deshacer'); clicking it also closes the toast. */
  action?: ToastAction;
}

export interface Toast {
  id: number;
  type: ToastType;
  title: string;
  message: string;
  duration: number;
  action?: ToastAction;
}

export interface ToastApi {
  show: (options: ToastOptions) => number;
  dismiss: (id: number) => void;
  dismissAll: () => void;
}

export const DEFAULT_TITLES: Record<ToastType, string> = {
  success: 'Listo',
  error: 'Ups',
  info: 'Info',
};

const ToastContext = createContext<ToastApi | null>(null);

let nextId = 1;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);

  const dismiss = useCallback((id: number) => {
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const dismissAll = useCallback(() => setToasts([]), []);

  const show = useCallback((options: ToastOptions) => {
    const type = options.type ?? 'info';
    const toast: Toast = {
      id: nextId++,
      type,
      title: options.title ?? DEFAULT_TITLES[type],
      message: options.message,
      duration: options.duration ?? TOAST_DEFAULT_MS,
      ...(options.action ? { action: options.action } : {}),
    };
    setToasts((current) => [...current, toast]);
    return toast.id;
  }, []);

  const api = useMemo(() => ({ show, dismiss, dismissAll }), [show, dismiss, dismissAll]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <ToastRegion toasts={toasts} onDismiss={dismiss} onDismissAll={dismissAll} />
    </ToastContext.Provider>
  );
}

/** The one toast API of the app: `const toast = useToast(); toast.show({ type: 'success', message })`. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast debe ser usado dentro de un ToastProvider');
  return api;
}

function ToastRegion({
  toasts,
  onDismiss,
  onDismissAll,
}: {
  toasts: Toast[];
  onDismiss: (id: number) => void;
  onDismissAll: () => void;
}) {
  // Two live regions that are always in the document, so screen readers hear what is added:
  // errors interrupt (assertive), the rest wait their turn (polite).
  const errors = toasts.filter((toast) => toast.type === 'error');
  const others = toasts.filter((toast) => toast.type !== 'error');
  return (
    <section className="toast-region" aria-label="Notificaciones">
      <div role="alert" aria-live="assertive" className="toast-stack">
        {errors.map((toast) => (
          <ToastCard key={toast.id} toast={toast} onDismiss={onDismiss} />
        ))}
      </div>
      <div role="status" aria-live="polite" className="toast-stack">
        {others.map((toast) => (
          <ToastCard key={toast.id} toast={toast} onDismiss={onDismiss} />
        ))}
      </div>
      {toasts.length > 1 && (
        <button type="button" className="toast-region__clear" onClick={onDismissAll}>
          Cerrar todas
        </button>
      )}
    </section>
  );
}

function ToastCard({ toast, onDismiss }: { toast: Toast; onDismiss: (id: number) => void }) {
  const { id, duration } = toast;
  const remaining = useRef(duration);
  const startedAt = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const pause = useCallback(() => {
    if (timer.current === undefined) return;
    clearTimeout(timer.current);
    timer.current = undefined;
    remaining.current -= Date.now() - startedAt.current;
  }, []);

  const resume = useCallback(() => {
    if (duration <= 0 || timer.current !== undefined) return;
    startedAt.current = Date.now();
    timer.current = setTimeout(() => onDismiss(id), Math.max(0, remaining.current));
  }, [duration, id, onDismiss]);

  useEffect(() => {
    resume();
    return pause;
  }, [resume, pause]);

  return (
    <div
      className={`toast toast--${toast.type}`}
      onMouseEnter={pause}
      onMouseLeave={resume}
      data-testid="toast"
    >
      <div className="toast__text">
        <p className="toast__title">{toast.title}</p>
        <p className="toast__message">{toast.message}</p>
      </div>
      {toast.action && (
        <button
          type="button"
          className="toast__action"
          onClick={() => {
            toast.action?.onClick();
            onDismiss(id);
          }}
        >
          {toast.action.label}
        </button>
      )}
      <button
        type="button"
        className="toast__close"
        aria-label="Cerrar"
        onClick={() => onDismiss(id)}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path
            d="M6 6l12 12M18 6L6 18"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          />
        </svg>
      </button>
    </div>
  );
}
