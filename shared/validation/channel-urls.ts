import { isIP } from "node:net";
import { validationTexts } from "../texts/validation.js";

/*
 * Where hiboux may be sent (CONTRACT.md section 3). A channel's URL is the admin's, but the relay
 * posts to it from inside the stack: a URL to the stack's own network (loopback, private ranges,
 * the cloud's metadata service at 169.254.169.254) would turn a forum setting into a way to reach
 * it. So only `https` to public hosts, checked when the forum is saved and again, on the addresses
 * the name resolves to, when connecting (shared/net/guarded-fetch.ts).
 */

/** Where a channel may lead: public hosts only, or also loopback (the local stack's own fakes). */
export interface DestinationPolicy {
  readonly allowLoopback: boolean;
}

export const PUBLIC_ONLY: DestinationPolicy = { allowLoopback: false };

/** Discord's own hosts for Execute Webhook URLs. */
export const DISCORD_HOSTS: ReadonlySet<string> = new Set([
  "discord.com",
  "discordapp.com",
  "canary.discord.com",
  "ptb.discord.com",
]);

/** IPv4 ranges that are not the public Internet (RFC 6890 and successors), as [first octets, prefix]. */
const V4_NOT_PUBLIC: readonly (readonly [number, number, number, number, number])[] = [
  [0, 0, 0, 0, 8], // "this" network
  [10, 0, 0, 0, 8], // private
  [100, 64, 0, 0, 10], // carrier-grade NAT
  [127, 0, 0, 0, 8], // loopback
  [169, 254, 0, 0, 16], // link-local, the metadata services
  [172, 16, 0, 0, 12], // private
  [192, 0, 0, 0, 24], // IETF protocol assignments
  [192, 0, 2, 0, 24], // documentation
  [192, 88, 99, 0, 24], // 6to4 relay anycast
  [192, 168, 0, 0, 16], // private
  [198, 18, 0, 0, 15], // benchmarking
  [198, 51, 100, 0, 24], // documentation
  [203, 0, 113, 0, 24], // documentation
  [224, 0, 0, 0, 4], // multicast
  [240, 0, 0, 0, 4], // reserved, broadcast
];

function v4Number(address: string): number {
  return address.split(".").reduce((n, part) => n * 256 + Number(part), 0);
}

function v4Public(address: string): boolean {
  const n = v4Number(address);
  return !V4_NOT_PUBLIC.some(([a, b, c, d, prefix]) => {
    const size = 2 ** (32 - prefix);
    const start = v4Number(`${a}.${b}.${c}.${d}`);
    return n >= start && n < start + size;
  });
}

/** The eight 16-bit groups of an IPv6 address (`::` expanded, a dotted IPv4 tail read). */
function v6Groups(address: string): number[] {
  let text = address.toLowerCase().replace(/%.*$/, "");
  const dotted = text.match(/(\d+\.\d+\.\d+\.\d+)$/)?.[1];
  if (dotted) {
    const n = v4Number(dotted);
    text = `${text.slice(0, -dotted.length)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const part = (s: string) => (s === "" ? [] : s.split(":").map((g) => Number.parseInt(g, 16)));
  const left = part(head);
  const right = tail === undefined ? [] : part(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

function v6Public(address: string): boolean {
  const g = v6Groups(address);
  const [g0 = 0, g1 = 0, , , , g5 = 0, g6 = 0, g7 = 0] = g;
  const zeroUpTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  // IPv4-mapped (::ffff:a.b.c.d) and IPv4-compatible (::a.b.c.d): the IPv4 address decides.
  if (zeroUpTo(5) && (g5 === 0xffff || g5 === 0)) {
    if (g5 === 0 && g6 === 0 && g7 <= 1) return false; // :: and ::1
    return v4Public(`${g6 >> 8}.${g6 & 0xff}.${g7 >> 8}.${g7 & 0xff}`);
  }
  // Global unicast is 2000::/3; inside it, documentation (2001:db8::/32), Teredo (2001::/32) and
  // 6to4 (2002::/16) may carry or reach private addresses.
  if ((g0 & 0xe000) !== 0x2000) return false;
  if (g0 === 0x2001 && (g1 === 0x0db8 || g1 === 0)) return false;
  return g0 !== 0x2002;
}

/** Whether an IP address (v4 or v6) is a public Internet address. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address.replace(/%.*$/, ""));
  if (family === 4) return v4Public(address);
  if (family === 6) return v6Public(address);
  return false;
}

/** Whether an IP address is this machine's loopback (127.0.0.0/8, ::1, ::ffff:127.x). */
export function isLoopbackAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return address.startsWith("127.");
  if (family !== 6) return false;
  const g = v6Groups(address);
  if (g.slice(0, 7).every((x) => x === 0) && g[7] === 1) return true;
  return g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff && (g[6] ?? 0) >> 8 === 127;
}

/** Whether `address` is one the policy lets a channel connect to. */
export function addressAllowed(address: string, policy: DestinationPolicy): boolean {
  return isPublicAddress(address) || (policy.allowLoopback && isLoopbackAddress(address));
}

/**
 * A URL's host without IPv6 brackets or trailing dots: `localhost.` is `localhost` to DNS. Decimal,
 * octal and hexadecimal IPv4 forms (`2130706433`, `0177.1`) and IPv6 spellings are already written
 * in their one form by the URL parser.
 */
function hostOf(url: URL): string {
  return url.hostname
    .replace(/^\[(.*)\]$/, "$1")
    .replace(/\.+$/, "")
    .toLowerCase();
}

/** Names that lead inside whatever network the stack runs in, whatever DNS says. */
function internalName(host: string): boolean {
  return (
    host === "localhost" ||
    !host.includes(".") ||
    /\.(localhost|local|internal|intranet|lan|home|corp|localdomain|home\.arpa)\.?$/.test(host)
  );
}

function loopbackName(host: string): boolean {
  return host === "localhost" || host.endsWith(".localhost");
}

/**
 * Why a channel may not send to `raw`, in French, or undefined when it may: `https` only, to a
 * public host (an IP literal must be a public address; names of internal networks are refused),
 * without credentials in the URL; for `discord`, one of Discord's hosts. With `allowLoopback`,
 * `http` or `https` to this machine is accepted too (the local stack's fakes).
 */
export function channelUrlProblem(
  type: "webhook" | "discord" | "discourse" | "forumactif",
  raw: string,
  policy: DestinationPolicy,
): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "URL invalide";
  }
  const host = hostOf(url);
  const loopback = policy.allowLoopback && (loopbackName(host) || isLoopbackAddress(host));
  if (loopback) return url.protocol === "https:" || url.protocol === "http:" ? undefined : "https:// attendu";
  if (url.protocol !== "https:") return validationTexts.url.httpsOnly;
  if (url.username !== "" || url.password !== "") return validationTexts.url.credentials;
  if (isIP(host) !== 0) {
    if (!isPublicAddress(host)) return validationTexts.url.privateAddress;
  } else if (internalName(host)) {
    return validationTexts.url.privateHost;
  }
  if (type === "discord" && !DISCORD_HOSTS.has(host)) return validationTexts.url.discord;
  return undefined;
}
