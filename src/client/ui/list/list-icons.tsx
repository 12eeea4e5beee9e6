/**
 * Line icons of list rows and pagers (24 px grid, currentColor). Decorative: the button or link
 * around them carries the accessible name. SVG rather than emoji, which kiosks may lack.
 */
const PATHS = {
  edit: "M4 20h4L19 9l-4-4L4 16zM13.5 6.5l4 4",
  trash: "M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3",
  message: "M3 5h18v12H8l-5 4zM7 9h10M7 13h6",
  critical: "M12 3l10 18H2zM12 10v5M12 18v.01",
  previous: "M15 5l-7 7 7 7",
  next: "M9 5l7 7-7 7",
  offline: "M2 8a15 15 0 0 1 20 0M5 12a10 10 0 0 1 14 0M8.5 15.5a5 5 0 0 1 7 0M12 19h.01M3 3l18 18",
} as const;

export type ListIconName = keyof typeof PATHS;

export function ListIcon({ name, size = 22 }: { name: ListIconName; size?: number }) {
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
