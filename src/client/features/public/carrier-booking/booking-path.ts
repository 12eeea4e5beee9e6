/** Which carrier booking screen a path opens: the page (/carrier-booking/{token}) or a booking's private link (/carrier-booking/manage/{token}); null for any other path. */
export type BookingPath = { kind: "page" | "manage"; token: string };

export function bookingPathOf(pathname: string): BookingPath | null {
  const match = /^\/carrier-booking\/(?:(manage)\/)?([^/]+)\/?$/.exec(pathname);
  if (!match?.[2]) return null;
  let token = match[2];
  try {
    token = decodeURIComponent(token);
  } catch {
    // malformed escapes: the server answers that the page does not exist
  }
  return { kind: match[1] ? "manage" : "page", token };
}
