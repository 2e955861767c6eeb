// What `npm run deploy` checks before it builds: the configuration must be a public site's, never
// the laptop's that the repository ships (a local SITE_URL, ENVIRONMENT = "development").
import { isLocalAddress } from '../../worker/shared/local-address.ts';

/** The plain `KEY = "value"` settings of wrangler.toml's [vars] table. */
export function tomlVars(toml: string): Record<string, string> {
  const vars: Record<string, string> = {};
  let inVars = false;
  for (const line of toml.split('\n')) {
    const header = /^\s*\[\[?([^\]]+)\]\]?\s*(#.*)?$/.exec(line);
    if (header) {
      inVars = header[1]?.trim() === 'vars';
      continue;
    }
    const setting = inVars ? /^\s*([A-Z0-9_]+)\s*=\s*"([^"]*)"/.exec(line) : null;
    if (setting?.[1]) vars[setting[1]] = setting[2] ?? '';
  }
  return vars;
}

/** Why this wrangler.toml must not be deployed, or undefined. */
export function deployProblem(toml: string): string | undefined {
  const vars = tomlVars(toml);
  const siteUrl = vars.SITE_URL ?? '';
  if (!siteUrl || isLocalAddress(siteUrl)) {
    return `Refusing to deploy: SITE_URL in wrangler.toml [vars] is "${siteUrl}", a local address. Set it to the studio's public origin (for example https://studio.example.ng): links in messages, canonical URLs and every production safeguard (live payments only, a second factor for owners and managers, no published secrets) follow it.`;
  }
  if (!/^https:\/\//.test(siteUrl)) {
    return `Refusing to deploy: SITE_URL in wrangler.toml [vars] is "${siteUrl}"; a public site is served over https://.`;
  }
  if (vars.ENVIRONMENT === 'development') {
    return 'Refusing to deploy: ENVIRONMENT in wrangler.toml [vars] is "development". Set it to "production" (.dev.vars keeps "development" for local installs).';
  }
  return undefined;
}
