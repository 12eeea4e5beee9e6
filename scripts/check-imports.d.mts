// Types of check-imports.mjs for its test (scripts/check-imports.test.ts).
export interface ImportViolation {
  /** The importing file, or the folder for "missing README". */
  file: string;
  line?: number;
  /** The imported file, root-relative (absent for "missing README"). */
  target?: string;
  rule: string;
}

export function importSpecifiers(code: string): { specifier: string; line: number }[];
export function checkImports(root: string): { files: number; violations: ImportViolation[] };
export function formatViolation(violation: ImportViolation): string;
export function summarize(violations: ImportViolation[]): string;
