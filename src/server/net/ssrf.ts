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

const v4 = (bytes: number[]) => new ipaddr.IPv4(bytes);

/**
 * The IPv4 address carried inside an IPv6 one, which is where a packet to it
 * really goes: IPv4-mapped (::ffff:0:0/96) and SIIT (::ffff:0:0:0/96), NAT64's
 * well-known prefix (64:ff9b::/96, last 32 bits), 6to4 (2002::/16, bits 16–47)
 * and Teredo (2001::/32, the client address is the last 32 bits inverted).
 * Not NAT64's local-use prefix (see isLocalUseNat64).
 */
export function embeddedIPv4(v6: ipaddr.IPv6): ipaddr.IPv4 | null {
  const range = v6.range();
  const bytes = v6.toByteArray();
  if (range === 'rfc6052' && isLocalUseNat64(v6)) return null;
  if (range === 'ipv4Mapped' || range === 'rfc6145' || range === 'rfc6052') {
    return v4(bytes.slice(12, 16));
  }
  if (range === '6to4') return v4(bytes.slice(2, 6));
  if (range === 'teredo') return v4(bytes.slice(12, 16).map((b) => b ^ 0xff));
  return null;
}

/**
 * IPv4-compatible IPv6 (::/96 other than :: and ::1, e.g. ::127.0.0.1), deprecated
 * by RFC 4291: some stacks still route it to the IPv4 address, so it is never fetched.
 */
function isIPv4Compatible(v6: ipaddr.IPv6): boolean {
  const bytes = v6.toByteArray();
  return (
    bytes.slice(0, 12).every((b) => b === 0) &&
    bytes.slice(12).some((b, i) => b !== 0 && (i < 3 || b > 1))
  );
}

const NAT64_LOCAL_USE = ipaddr.IPv6.parse('64:ff9b:1::');

/**
 * NAT64's local-use prefix (64:ff9b:1::/48, RFC 8215): the network picks the
 * prefix length (/48 to /96), so where the IPv4 address sits inside, and so
 * whether it is a private one, cannot be known. Refused whatever it seems to
 * carry, even with FETCH_ALLOW_PRIVATE_NETWORK (it may carry 169.254.169.254).
 */
function isLocalUseNat64(v6: ipaddr.IPv6): boolean {
  return v6.match(NAT64_LOCAL_USE, 48);
}

/** Why an address is refused, or null when it may be fetched. */
export function blockedReason(address: string, allowPrivate: boolean): string | null {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    // ipaddr.js reads "::a.b.c.d" as IPv4-mapped; parse the IPv4-compatible form ourselves.
    const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
    const compat = /^::(\d{1,3}(?:\.\d{1,3}){3})$/.exec(bare);
    parsed = compat ? ipaddr.IPv6.parse(`::${ipv4ToHexPair(compat[1])}`) : ipaddr.parse(bare);
  } catch {
    return 'unparseable address';
  }
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    if (isIPv4Compatible(v6)) return 'ipv4Compatible';
    if (isLocalUseNat64(v6)) return 'nat64LocalUse';
    const inner = embeddedIPv4(v6);
    if (inner) {
      const innerReason = blockedReason(inner.toString(), allowPrivate);
      if (innerReason) return innerReason;
      // Teredo is refused whatever it wraps (tunnelled through third-party relays).
      if (v6.range() === 'teredo') return 'teredo';
      return null;
    }
  }
  const range = parsed.range();
  if (range === 'unicast') return null;
  if (PRIVATE.has(range)) return allowPrivate ? null : range;
  if (ALWAYS_BLOCKED.has(range)) return range;
  // Anything else ipaddr.js names (rfc6052 handled above) is special-purpose: refuse.
  return range;
}

/** "127.0.0.1" → "7f00:1" (throws on a bad octet). */
function ipv4ToHexPair(dotted: string): string {
  const b = ipaddr.IPv4.parse(dotted).toByteArray();
  return `${((b[0] << 8) | b[1]).toString(16)}:${((b[2] << 8) | b[3]).toString(16)}`;
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

/** Resolves a host name to every address; tests pass their own (a test DNS). */
export type Resolver = (hostname: string) => Promise<dns.LookupAddress[]>;

const systemResolver: Resolver = (hostname) => dns.promises.lookup(hostname, { all: true });

/** A drop-in `lookup` for net/tls.connect that refuses blocked addresses after resolving. */
export function guardedLookup(policy: AddressPolicy, resolve: Resolver = systemResolver) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback): void => {
    const family = options.family === 4 || options.family === 6 ? options.family : undefined;
    resolve(hostname).then(
      (addresses) =>
        done(
          null,
          addresses.filter((a) => !family || a.family === family),
        ),
      (err: NodeJS.ErrnoException) => done(err, []),
    );
    function done(err: NodeJS.ErrnoException | null, list: dns.LookupAddress[]) {
      if (err) return callback(err, '', 0);
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
    }
  };
}
