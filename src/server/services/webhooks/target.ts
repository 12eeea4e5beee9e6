import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";

/**
 * Where webhooks may go: never into the network behind the server. https only unless
 * `allowHttp`; every address a host name resolves to must be a public unicast address unless
 * `allowPrivate` (the tests allow it to reach their local receiver).
 */
export interface TargetPolicy {
  allowHttp: boolean;
  allowPrivate: boolean;
}

export type TargetProblem = "invalid_url" | "https_required" | "private_address" | "unresolvable";

export class TargetRefused extends Error {
  override name = "TargetRefused";
  constructor(
    readonly problem: TargetProblem,
    message: string,
  ) {
    super(message);
  }
}

/** The URL's scheme and form; null when acceptable (its addresses are checked separately). */
export function urlProblem(value: string, policy: TargetPolicy): TargetProblem | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "invalid_url";
  }
  if (url.username || url.password || !url.hostname) return "invalid_url";
  if (url.protocol === "https:") return null;
  if (url.protocol === "http:") return policy.allowHttp ? null : "https_required";
  return "invalid_url";
}

/** A public unicast address (after unmapping IPv4-mapped IPv6)? */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === "unicast";
}

function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, "");
}

function refusedAddress(host: string): TargetRefused {
  return new TargetRefused(
    "private_address",
    `${host} is a private, loopback or link-local address`,
  );
}

/**
 * A `lookup` for http.request that refuses the connection when any address of the host is
 * not allowed, so the address checked is the address connected to (no DNS rebinding).
 */
export function checkedLookup(policy: TargetPolicy) {
  return (
    hostname: string,
    options: { all?: boolean; family?: number | string },
    callback: (error: Error | null, address: string | LookupAddress[], family?: number) => void,
  ) => {
    dnsLookup(hostname, { all: true, family: Number(options.family) || 0 }, (error, found) => {
      if (error) return callback(error, []);
      if (!policy.allowPrivate && found.some((entry) => !isPublicAddress(entry.address))) {
        return callback(refusedAddress(hostname), []);
      }
      if (options.all) return callback(null, found);
      const [first] = found;
      if (!first)
        return callback(new TargetRefused("unresolvable", `${hostname} has no address`), []);
      callback(null, first.address, first.family);
    });
  };
}

/** Checks a URL as an admin registers it: scheme, then every address its host resolves to. */
export async function checkTarget(value: string, policy: TargetPolicy): Promise<void> {
  const problem = urlProblem(value, policy);
  if (problem === "https_required") {
    throw new TargetRefused(problem, "The URL must use https");
  }
  if (problem) throw new TargetRefused(problem, "Not a valid http(s) URL");
  if (policy.allowPrivate) return;
  const host = hostOf(new URL(value));
  if (isIP(host)) {
    if (!isPublicAddress(host)) throw refusedAddress(host);
    return;
  }
  const addresses = await new Promise<LookupAddress[]>((resolve, reject) =>
    dnsLookup(host, { all: true }, (error, found) => (error ? reject(error) : resolve(found))),
  ).catch(() => {
    throw new TargetRefused("unresolvable", `${host} could not be resolved`);
  });
  if (addresses.length === 0 || addresses.some((entry) => !isPublicAddress(entry.address))) {
    throw refusedAddress(host);
  }
}

/** The literal address of a URL whose host is an IP (no lookup happens for those). */
export function literalAddressOf(url: URL): string | null {
  const host = hostOf(url);
  return isIP(host) ? host : null;
}
