/** LIKE / ILIKE patterns from user text, with LIKE's wildcards (\ % _) taken literally. */

const escaped = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** A pattern matching `text` anywhere. */
export function containsPattern(text: string): string {
  return `%${escaped(text)}%`;
}

/** A pattern matching values that start with `text`. */
export function startsWithPattern(text: string): string {
  return `${escaped(text)}%`;
}
