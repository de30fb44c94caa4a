import { isIP } from 'node:net'

// Which IP addresses an outbound request to an address someone else chose (a vendor's image URL) may reach: only
// public unicast ones. Everything else (this machine, the private networks, link-local with the cloud's metadata
// service at 169.254.169.254, multicast, the reserved and documentation ranges) is refused, in IPv4 and IPv6,
// including IPv4 written inside IPv6 (`::ffff:127.0.0.1`, NAT64's `64:ff9b::10.0.0.1`). Pure: no DNS here.

export type AddressClass =
  | 'public'
  | 'loopback'
  | 'private'
  | 'link_local'
  | 'multicast'
  | 'unspecified'
  | 'reserved'
  | 'invalid'

/** [first address as a 32-bit number, prefix length, class]: checked in order, the first match wins. */
const IPV4_RANGES: readonly [string, number, AddressClass][] = [
  ['0.0.0.0', 8, 'unspecified'], // "this network"
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'private'], // carrier-grade NAT
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link_local'], // and the cloud metadata service
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'reserved'], // IETF protocol assignments
  ['192.0.2.0', 24, 'reserved'], // documentation
  ['192.88.99.0', 24, 'reserved'], // 6to4 relays
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'reserved'], // benchmarking
  ['198.51.100.0', 24, 'reserved'], // documentation
  ['203.0.113.0', 24, 'reserved'], // documentation
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'], // future use, and 255.255.255.255
]

function ipv4Number(address: string): number {
  return address.split('.').reduce((sum, part) => sum * 256 + Number(part), 0)
}

function classifyIpv4(address: string): AddressClass {
  const value = ipv4Number(address)
  for (const [first, prefix, kind] of IPV4_RANGES) {
    const size = 2 ** (32 - prefix)
    const start = ipv4Number(first)
    if (value >= start && value < start + size) return kind
  }
  return 'public'
}

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 counts as the last two). */
function ipv6Groups(address: string): number[] | null {
  let text = address
  const cut = text.lastIndexOf(':')
  const last = text.slice(cut + 1)
  if (last.includes('.')) {
    const value = ipv4Number(last)
    text = `${text.slice(0, cut + 1)}${Math.floor(value / 65536).toString(16)}:${(value % 65536).toString(16)}`
  }
  const halves = text.split('::')
  if (halves.length > 2) return null
  const part = (half: string | undefined) =>
    half ? half.split(':').map((group) => (/^[0-9a-f]{1,4}$/.test(group) ? Number.parseInt(group, 16) : -1)) : []
  const head = part(halves[0])
  const rest = part(halves[1])
  const missing = 8 - head.length - rest.length
  if (missing < 0 || (halves.length === 1 && missing !== 0)) return null
  const groups = [...head, ...Array<number>(halves.length === 2 ? missing : 0).fill(0), ...rest]
  return groups.length === 8 && groups.every((group) => group >= 0) ? groups : null
}

function embeddedIpv4(groups: readonly number[]): string {
  const high = groups[6] ?? 0
  const low = groups[7] ?? 0
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.')
}

function classifyIpv6(address: string): AddressClass {
  const groups = ipv6Groups(address)
  if (!groups) return 'invalid'
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = groups
  const zeroUpTo = (n: number) => groups.slice(0, n).every((group) => group === 0)
  if (zeroUpTo(8)) return 'unspecified'
  if (zeroUpTo(7) && g7 === 1) return 'loopback'
  // ::ffff:a.b.c.d (IPv4-mapped) and 64:ff9b::a.b.c.d (NAT64) reach the IPv4 address inside.
  if (zeroUpTo(5) && g5 === 0xffff) return classifyIpv4(embeddedIpv4(groups))
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) {
    return classifyIpv4(embeddedIpv4(groups))
  }
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 1) return 'private' // local-use NAT64
  if (zeroUpTo(6) && (g6 !== 0 || g7 !== 0)) return 'reserved' // IPv4-compatible (deprecated)
  if ((g0 & 0xfe00) === 0xfc00) return 'private' // unique local fc00::/7
  if ((g0 & 0xffc0) === 0xfe80) return 'link_local'
  if ((g0 & 0xffc0) === 0xfec0) return 'private' // site-local (deprecated)
  if ((g0 & 0xff00) === 0xff00) return 'multicast'
  if (g0 === 0x2001 && g1 === 0x0db8) return 'reserved' // documentation
  if (g0 === 0x2001 && g1 < 0x0200) return 'reserved' // IETF protocol assignments (Teredo, ORCHID ...)
  if (g0 === 0x2002) return 'reserved' // 6to4: an IPv4 address inside, relays deprecated
  if (g0 === 0x0100 && g1 === 0 && g2 === 0 && g3 === 0) return 'reserved' // discard
  // Only 2000::/3 is global unicast.
  if ((g0 & 0xe000) !== 0x2000) return 'reserved'
  return 'public'
}

/** What kind of address `address` is (an IP literal; IPv6 with or without brackets, never with a zone). */
export function classifyAddress(address: string): AddressClass {
  const bare = address.replace(/^\[(.*)\]$/, '$1')
  const family = isIP(bare)
  if (family === 4) return classifyIpv4(bare)
  if (family === 6 && !bare.includes('%')) return classifyIpv6(bare.toLowerCase())
  return 'invalid'
}

/** Only public unicast addresses may be reached. */
export function isPublicAddress(address: string): boolean {
  return classifyAddress(address) === 'public'
}
