/**
 * Line icons (24 px grid, currentColor), SVG rather than emoji, which kiosks may lack.
 * Decorative: the text, button or link around them carries the accessible name.
 */
const PATHS = {
  truck:
    "M2 6h11v9H2zM13 9h4l4 4v2h-8zM6.5 18.5a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3zM17.5 18.5a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3z",
  outbound: "M4 20h16M12 16V4M7 9l5-5 5 5",
  inbound: "M4 20h16M12 4v12M7 11l5 5 5-5",
  alert: "M12 3 2 20h20zM12 10v4M12 17v.5",
  tasks: "M9 6h11M9 12h11M9 18h11M4 6l1 1 2-2M4 12l1 1 2-2M4 18l1 1 2-2",
  chart: "M4 20V10M10 20V4M16 20v-7M22 20H2",
  upload: "M4 15v5h16v-5M12 15V4M8 8l4-4 4 4",
  download: "M4 15v5h16v-5M12 4v11M8 11l4 4 4-4",
  edit: "M4 20h4L19 9l-4-4L4 16zM13.5 6.5l4 4",
  trash: "M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3",
  message: "M3 5h18v12H8l-5 4zM7 9h10M7 13h6",
  critical: "M12 3l10 18H2zM12 10v5M12 18v.01",
  plus: "M12 5v14M5 12h14",
  previous: "M15 5l-7 7 7 7",
  next: "M9 5l7 7-7 7",
  board: "M3 4h18v16H3zM3 9h18M3 14h18M9 4v16",
  clock: "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 7v5l3 3",
  offline: "M2 8a15 15 0 0 1 20 0M5 12a10 10 0 0 1 14 0M8.5 15.5a5 5 0 0 1 7 0M12 19h.01M3 3l18 18",
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, size = 32 }: { name: IconName; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
