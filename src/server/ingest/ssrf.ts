// The SSRF guard: which network addresses a server-side fetch may reach.
// Checked on the resolved address at connect time (see http.ts), so DNS tricks
// (a public name resolving to 127.0.0.1, rebinding between check and connect)
// cannot slip through, and on literal-IP URLs before any request.
import dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

/** Ranges a feed fetch may never reach, even with FETCH_ALLOW_PRIVATE_NETWORK (metadata, multicast…). */
const ALWAYS_BLOCKED = new Set([
  'unspecified',
  'broadcast',
  'multicast',
  'linkLocal', // 169.254/16 holds the cloud metadata endpoint 169.254.169.254
  'reserved',
  'benchmarking',
  'discard',
  'deprecatedSiteLocal',
  'as112',
  'as112v6',
  'amt',
  'orchid2',
  'deprecatedOrchid',
  'teredo',
]);
/** Ranges that FETCH_ALLOW_PRIVATE_NETWORK opens (tests, self-hosters with LAN feeds). */
const PRIVATE = new Set(['loopback', 'private', 'uniqueLocal', 'carrierGradeNat']);

export class BlockedAddressError extends Error {
  readonly code = 'E_BLOCKED_ADDRESS';
  constructor(readonly address: string) {
    super(`Blocked: ${address} is not a public internet address`);
  }
}

/** The IPv4 address hidden inside an IPv6 one (mapped, NAT64, 6to4), if any. */
function embeddedIPv4(v6: ipaddr.IPv6): ipaddr.IPv4 | null {
  const range = v6.range();
  const bytes = v6.toByteArray();
  if (range === 'ipv4Mapped' || range === 'rfc6145' || range === 'rfc6052') {
    return new ipaddr.IPv4(bytes.slice(12, 16));
  }
  if (range === '6to4') return new ipaddr.IPv4(bytes.slice(2, 6));
  return null;
}

/** Why an address is refused, or null when it may be fetched. */
export function blockedReason(address: string, allowPrivate: boolean): string | null {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(address.replace(/^\[|\]$/g, '').replace(/%.*$/, ''));
  } catch {
    return 'unparseable address';
  }
  if (parsed.kind() === 'ipv6') {
    const inner = embeddedIPv4(parsed as ipaddr.IPv6);
    if (inner) return blockedReason(inner.toString(), allowPrivate);
  }
  const range = parsed.range();
  if (range === 'unicast') return null;
  if (PRIVATE.has(range)) return allowPrivate ? null : range;
  if (ALWAYS_BLOCKED.has(range)) return range;
  // Anything else ipaddr.js names (rfc6052 handled above) is special-purpose: refuse.
  return range;
}

/** Decides per address: a reason to refuse it, or null to allow. */
export type AddressPolicy = (address: string) => string | null;

export function addressPolicy(
  allowPrivate: boolean,
  exempt?: (address: string) => boolean,
): AddressPolicy {
  return (address) => (exempt?.(address) ? null : blockedReason(address, allowPrivate));
}

/** A literal IP in a URL host is checked before connecting (net.connect skips lookup for IPs). */
export function assertHostAllowed(hostname: string, policy: AddressPolicy): void {
  const bare = hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(bare) && policy(bare)) throw new BlockedAddressError(bare);
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/** A drop-in `lookup` for net/tls.connect that refuses blocked addresses after resolving. */
export function guardedLookup(policy: AddressPolicy) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback): void => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = addresses;
      const bad = list.find((a) => policy(a.address));
      if (bad) return callback(new BlockedAddressError(bad.address), '', 0);
      if (list.length === 0)
        return callback(
          Object.assign(new Error(`No address for ${hostname}`), { code: 'ENOTFOUND' }),
          '',
          0,
        );
      if (options.all) return callback(null, list);
      return callback(null, list[0].address, list[0].family);
    });
  };
}
