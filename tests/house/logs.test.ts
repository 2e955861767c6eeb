// No bearer token in Cloudflare's logs: links to a booking, a waitlist entry or offer, a health
// form, a review, a gift card carry their token in the URL path, and an invocation log records
// every request's URL. The deployed Worker keeps invocation logs off (its own console lines stay).
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';

/** The `key = value` lines of one `[section]` of wrangler.toml (enough for its plain tables). */
function tomlSection(toml: string, name: string): Record<string, string> {
  const lines = toml.split('\n');
  const start = lines.findIndex((line) => line.trim() === `[${name}]`);
  if (start < 0) return {};
  const entries: Record<string, string> = {};
  for (const line of lines.slice(start + 1)) {
    if (/^\s*\[/.test(line)) break;
    const entry = /^\s*([A-Za-z_]+)\s*=\s*(.+?)\s*$/.exec(line);
    if (entry?.[1] && entry[2]) entries[entry[1]] = entry[2];
  }
  return entries;
}

it('keeps invocation logs (every request URL, tokens and all) off in wrangler.toml', () => {
  const toml = readFileSync('wrangler.toml', 'utf8');
  expect(tomlSection(toml, 'observability.logs').invocation_logs).toBe('false');
});
