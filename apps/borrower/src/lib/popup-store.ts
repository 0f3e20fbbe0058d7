import { create } from 'zustand';

/** What opens the root shell's bottom popup (spec §4 "Popups in the root shell"): a code and the server's message. */
export interface PopupEvent {
  code: number;
  message: string;
}

export interface PopupStoreState {
  /** The popup on screen, or null. */
  popup: PopupEvent | null;
  openPopup: (event: PopupEvent) => void;
  closePopup: () => void;
}

/** The app's popup event: anything (the API client's error hooks, a screen) calls `openPopup`. */
export const usePopupStore = create<PopupStoreState>()((set) => ({
  popup: null,
  openPopup: (event) => {
    set({ popup: event });
  },
  closePopup: () => {
    set({ popup: null });
  },
}));

/** Opens the bottom popup for a code (see popupContent for what each code shows). */
export function openPopup(event: PopupEvent): void {
  usePopupStore.getState().openPopup(event);
}
