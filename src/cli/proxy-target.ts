/**
 * Which addresses `toolplay proxy` refuses to send a request to: this machine, private networks and
 * every other range a page on the internet must not reach through a proxy on your machine (SSRF). A
 * name is judged by every address it resolves to (node:dns `lookup`, all of them), and the request
 * then connects to exactly those addresses (`pinnedLookup`), so a name that resolves to something
 * else on the second asking (DNS rebinding) cannot slip past. Numeric and short IPv4 forms
 * (`2130706433`, `0x7f000001`, `127.1`, `0177.0.0.1`) are normalised by the WHATWG URL parser
 * before any of this; IPv4-mapped IPv6 (`::ffff:127.0.0.1`) is matched against the IPv4 ranges by
 * net.BlockList itself.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupAddress, LookupOneOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { networkInterfaces } from 'node:os';

type Family = 'ipv4' | 'ipv6';

/** Ranges no proxied request may reach, each with the words a refusal uses. */
const RANGES: Array<[address: string, prefix: number, family: Family, what: string]> = [
  ['0.0.0.0', 8, 'ipv4', '"this host" (0.0.0.0/8)'],
  ['10.0.0.0', 8, 'ipv4', 'private (10.0.0.0/8)'],
  ['100.64.0.0', 10, 'ipv4', 'carrier-grade NAT (100.64.0.0/10)'],
  ['127.0.0.0', 8, 'ipv4', 'loopback (127.0.0.0/8)'],
  ['169.254.0.0', 16, 'ipv4', 'link-local (169.254.0.0/16, where cloud metadata services answer)'],
  ['172.16.0.0', 12, 'ipv4', 'private (172.16.0.0/12)'],
  ['192.0.0.0', 24, 'ipv4', 'IETF protocol assignments (192.0.0.0/24)'],
  ['192.168.0.0', 16, 'ipv4', 'private (192.168.0.0/16)'],
  ['198.18.0.0', 15, 'ipv4', 'benchmarking (198.18.0.0/15)'],
  ['224.0.0.0', 4, 'ipv4', 'multicast (224.0.0.0/4)'],
  ['240.0.0.0', 4, 'ipv4', 'reserved (240.0.0.0/4, and the broadcast address)'],
  ['::', 128, 'ipv6', '"this host" (::)'],
  ['::1', 128, 'ipv6', 'loopback (::1)'],
  // IPv4-compatible (deprecated), NAT64, 6to4 and Teredo carry an IPv4 address a gateway may reach.
  ['::', 96, 'ipv6', 'IPv4-compatible (::/96)'],
  ['64:ff9b::', 96, 'ipv6', 'NAT64 (64:ff9b::/96)'],
  ['64:ff9b:1::', 48, 'ipv6', 'local NAT64 (64:ff9b:1::/48)'],
  ['2002::', 16, 'ipv6', '6to4 (2002::/16)'],
  ['2001::', 32, 'ipv6', 'Teredo (2001::/32)'],
  ['fc00::', 7, 'ipv6', 'unique-local (fc00::/7)'],
  ['fe80::', 10, 'ipv6', 'link-local (fe80::/10)'],
  ['ff00::', 8, 'ipv6', 'multicast (ff00::/8)'],
];

const familyOf = (address: string): Family => (isIP(address) === 6 ? 'ipv6' : 'ipv4');

/** One BlockList per range, so a match can say which range it was. */
const LISTS = RANGES.map(([address, prefix, family, what]) => {
  const list = new BlockList();
  list.addSubnet(address, prefix, family);
  return { list, what };
});

/** This machine's own interface addresses: "this host" whatever range they are in. */
function ownAddresses(): BlockList {
  const list = new BlockList();
  for (const infos of Object.values(networkInterfaces()))
    for (const info of infos ?? []) list.addAddress(info.address.replace(/%.*$/, ''), familyOf(info.address));
  return list;
}
let own: BlockList | null = null;

/** Why `address` (an IP literal) is not public, or null when it is. */
export function nonPublic(address: string): string | null {
  if (!isIP(address)) return `${address} is not an IP address`;
  const family = familyOf(address);
  for (const { list, what } of LISTS) if (list.check(address, family)) return `a ${what} address`;
  if ((own ??= ownAddresses()).check(address, family)) return "one of this machine's own addresses";
  return null;
}

/** A URL's host as an address or name: IPv6 literals lose their brackets. */
export const hostOf = (url: URL): string => url.hostname.replace(/^\[(.*)\]$/, '$1');

export type Resolve = (name: string) => Promise<LookupAddress[]>;
const resolveAll: Resolve = (name) => dnsLookup(name, { all: true, verbatim: true });

export interface TargetRules {
  /** `--allow-private`: private and loopback targets are served (the proxy itself still is not). */
  allowPrivate: boolean;
  /** The proxy's own port: a loopback or local target on it is the proxy itself. */
  ownPort: number;
  resolve?: Resolve;
}

export type Judged = { addresses: LookupAddress[] } | { refusal: string } | { unresolved: string };

/** The addresses a request to `url` may connect to, or why it may not be sent at all. */
export async function judgeTarget(url: URL, rules: TargetRules): Promise<Judged> {
  const host = hostOf(url);
  let addresses: LookupAddress[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await (rules.resolve ?? resolveAll)(host);
    } catch (e) {
      return { unresolved: `${host} could not be resolved (${(e as NodeJS.ErrnoException).code ?? String(e)})` };
    }
    if (addresses.length === 0) return { unresolved: `${host} has no address` };
  }
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  for (const { address } of addresses) {
    const why = nonPublic(address);
    if (why === null) continue;
    const named = address === host ? address : `${host} (${address})`;
    if (port === rules.ownPort && /loopback|this host|own addresses/.test(why))
      return { refusal: `${named}:${port} is this proxy itself: a request through it to itself is refused` };
    if (!rules.allowPrivate)
      return {
        refusal: `${named} is ${why}: targets on this machine and on private networks are refused (start the proxy with --allow-private to reach them)`,
      };
  }
  return { addresses };
}

/** A `lookup` for node:http(s) that answers with the addresses already judged, never asking DNS again. */
export function pinnedLookup(addresses: LookupAddress[]) {
  return (
    _name: string,
    options: LookupOneOptions | { all: true },
    callback: (e: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
  ): void => {
    if ('all' in options && options.all) callback(null, addresses);
    else callback(null, addresses[0]!.address, addresses[0]!.family);
  };
}
