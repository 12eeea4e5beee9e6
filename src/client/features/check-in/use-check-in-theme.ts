import "../../ui/tokens-kiosk.css";
import { useEffect } from "react";

/**
 * The check-in terminal uses the kiosk theme (large type, read from a cab window) while it is
 * mounted; same switch as the kiosk layout's, kept here so features do not import each other.
 */
export function useCheckInTheme(): void {
  useEffect(() => {
    const root = document.documentElement;
    root.dataset.theme = "kiosk";
    return () => {
      delete root.dataset.theme;
    };
  }, []);
}
