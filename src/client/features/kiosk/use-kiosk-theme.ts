import "../../ui/tokens-kiosk.css";
import { useEffect } from "react";

/** Switches the design tokens to the kiosk theme while the kiosk layout is mounted. */
export function useKioskTheme(): void {
  useEffect(() => {
    const root = document.documentElement;
    root.dataset.theme = "kiosk";
    return () => {
      delete root.dataset.theme;
    };
  }, []);
}
