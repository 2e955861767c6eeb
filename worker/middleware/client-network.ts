/**
 * The client's network as every per-address limit counts it: an IPv4 address as it is, an IPv6
 * address by its /64 prefix. One IPv6 subscriber is handed a whole /64 (2^64 addresses), so
 * counting whole IPv6 addresses would let one phone pass every limit by changing its last bits.
 */
import type { Context } from 'hono';
import type { AppEnv } from '../env';

/** The network of `address` (IPv4 or IPv6 text), or undefined when it is empty. */
export function networkOf(address: string): string | undefined {
  const text = address.trim().toLowerCase();
  if (!text) return undefined;
  const mappedV4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (mappedV4) return mappedV4[1];
  if (!text.includes(':')) return text;
  const halves = text.replace(/%.*$/, '').split('::');
  if (halves.length > 2) return text;
  const groups = (half: string | undefined) => (half ? half.split(':') : []);
  const head = groups(halves[0]);
  const tail = groups(halves[1]);
  // An embedded IPv4 tail (64:ff9b::1.2.3.4) stands for two groups.
  const written = head.length + tail.length + (tail.at(-1)?.includes('.') ? 1 : 0);
  const all = halves.length === 2 ? [...head, ...Array<string>(Math.max(0, 8 - written)).fill('0'), ...tail] : head;
  const prefix = all.slice(0, 4).map((group) => Number.parseInt(group || '0', 16).toString(16));
  if (prefix.length < 4 || prefix.some((group) => group === 'NaN')) return text;
  return `${prefix.join(':')}::/64`;
}

/** The client's network as Cloudflare gives its address; none without Cloudflare in front. */
export const clientNetwork = (c: Context<AppEnv>) => networkOf(c.req.header('CF-Connecting-IP') ?? '');
