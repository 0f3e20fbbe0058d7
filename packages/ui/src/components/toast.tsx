import Box from '@mui/material/Box';
import { create } from 'zustand';

/** How long a toast stays on screen unless told otherwise: the error toasts of spec §9 last 3000 ms. */
export const TOAST_DURATION_MS = 3000;

export type ToastSeverity = 'error' | 'warning' | 'info' | 'success';

export interface ToastOptions {
  /** `error` unless said otherwise: the toasts of the specification are the API errors of §8. */
  severity?: ToastSeverity;
  /** How long it stays, in ms. */
  durationMs?: number;
}

export interface Toast {
  /** Tells one toast from the next, even with the same message. */
  id: number;
  message: string;
  severity: ToastSeverity;
}

export interface ToastStoreState {
  /** The toast on screen, or null. */
  toast: Toast | null;
  show: (message: string, options?: ToastOptions) => void;
  /** Removes the toast `id` if it is still the one on screen; any toast when `id` is absent. */
  dismiss: (id?: number) => void;
}

let lastId = 0;

/**
 * The app's toast: one at a time. A new toast replaces the one on screen (the latest message is the one that
 * matters, and a burst of failing calls would otherwise queue stale messages for many seconds) and has its
 * own full duration. The store keeps the time, so a toast expires whether or not a ToastHost is mounted.
 */
export const useToastStore = create<ToastStoreState>()((set, get) => ({
  toast: null,
  show: (message, { severity = 'error', durationMs = TOAST_DURATION_MS } = {}) => {
    if (!message.trim()) return;
    lastId += 1;
    const id = lastId;
    set({ toast: { id, message, severity } });
    setTimeout(() => {
      get().dismiss(id);
    }, durationMs);
  },
  dismiss: (id) => {
    if (id === undefined || get().toast?.id === id) set({ toast: null });
  },
}));

/** Shows a toast from anywhere (the API client's error hooks, a store, a screen). A blank message shows nothing. */
export function showToast(message: string, options?: ToastOptions): void {
  useToastStore.getState().show(message, options);
}

/** Removes the toast on screen. */
export function dismissToast(): void {
  useToastStore.getState().dismiss();
}

function selectToast(state: ToastStoreState): Toast | null {
  return state.toast;
}

function ToastMessage({ toast }: { toast: Toast }) {
  return (
    <Box
      sx={{
        maxWidth: 600,
        px: 2,
        py: 1.5,
        borderRadius: 2,
        boxShadow: 6,
        typography: 'body2',
        fontWeight: 600,
        textAlign: 'center',
        overflowWrap: 'break-word',
        bgcolor: `${toast.severity}.main`,
        color: `${toast.severity}.contrastText`,
      }}
    >
      {toast.message}
    </Box>
  );
}

/**
 * Where toasts appear: mount it once in the root shell. Both live regions are always in the page, so screen
 * readers announce what is put in them: an error in the `alert` region (read out at once), any other toast
 * in the `status` region (read out when the reader is free).
 */
export function ToastHost() {
  const toast = useToastStore(selectToast);
  const urgent = toast?.severity === 'error';

  return (
    <Box
      sx={{
        position: 'fixed',
        top: 'calc(16px + env(safe-area-inset-top))',
        left: 16,
        right: 16,
        zIndex: 'snackbar',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        pointerEvents: 'none',
      }}
    >
      <div role="alert">{toast && urgent ? <ToastMessage key={toast.id} toast={toast} /> : null}</div>
      <div role="status">{toast && !urgent ? <ToastMessage key={toast.id} toast={toast} /> : null}</div>
    </Box>
  );
}
