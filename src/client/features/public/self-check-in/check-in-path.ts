/** The token of a self check-in page's path (/check-in/{token}), or null for any other path. */
export function checkInTokenOf(pathname: string): string | null {
  const match = /^\/check-in\/([^/]+)\/?$/.exec(pathname);
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return match[1]; // malformed escapes: the server answers that the page does not exist
  }
}
