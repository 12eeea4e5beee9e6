import { useSyncExternalStore } from "react";

/**
 * How a list presents itself on this device: the desktop `table`, line `cards` for tablets,
 * phones and fork-lift drivers, or the `kiosk` wall.
 */
export type DeviceLayout = "table" | "cards" | "kiosk";

/**
 * Tablets and phones: narrower than the desktop table needs (1100 px), or a finger as the main
 * pointer. A 1024x768 tablet in landscape matches by width, a large touch screen by pointer.
 */
export const TOUCH_DEVICE_QUERY = "(max-width: 1099.98px), (pointer: coarse)";

function subscribe(onChange: () => void): () => void {
  if (typeof window === "undefined" || typeof window.matchMedia !== "function") return () => {};
  const query = window.matchMedia(TOUCH_DEVICE_QUERY);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

function isTouchDevice(): boolean {
  // jsdom and old browsers have no matchMedia: the desktop table.
  if (typeof window === "undefined" || typeof window.matchMedia !== "function") return false;
  return window.matchMedia(TOUCH_DEVICE_QUERY).matches;
}

/** The presentation for the role and device; follows rotation and window resizes. */
export function useDeviceLayout(role: { isKiosk: boolean; isForkLift: boolean }): DeviceLayout {
  const touch = useSyncExternalStore(subscribe, isTouchDevice, () => false);
  if (role.isKiosk) return "kiosk";
  if (role.isForkLift || touch) return "cards";
  return "table";
}
