// Types of failed-tests.mjs for its test (scripts/lib/failed-tests.test.ts).
export function vitestFailures(report: unknown): string[];
export function playwrightFailures(report: unknown): string[];
export function printFailures(title: string, names: string[]): void;
