import { create } from 'zustand';

/** The maintenance notice of a disabled service; absent fields show the overlay's defaults. */
export interface ServiceNotice {
  title?: string | undefined;
  /** HTML from the server: only ever rendered through the sanitising component. */
  bodyHtml?: string | undefined;
}

export interface ServiceStoreState {
  /** The notice on screen (the full-screen service-unavailable overlay is open), or null. */
  notice: ServiceNotice | null;
  showServiceUnavailable: (notice: ServiceNotice) => void;
  closeServiceUnavailable: () => void;
}

/** The service-disabled event of spec §4 "Popups in the root shell" and §8 (errorCode 100407). */
export const useServiceStore = create<ServiceStoreState>()((set) => ({
  notice: null,
  showServiceUnavailable: (notice) => {
    set({ notice });
  },
  closeServiceUnavailable: () => {
    set({ notice: null });
  },
}));

/** Raises the service-disabled event: the overlay opens with the notice (or its defaults). */
export function showServiceUnavailable(notice: ServiceNotice = {}): void {
  useServiceStore.getState().showServiceUnavailable(notice);
}
