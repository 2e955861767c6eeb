// Every secret `.dev.vars.example` documents reaches the Worker when it runs locally. With
// `[secrets] required` in wrangler.toml, wrangler loads from `.dev.vars` only the keys that list
// names (and those [vars] declares), so the optional WhatsApp secrets would never arrive under
// `npm start`, `npm run dev` or the browser tests. Locally the list is widened to every documented
// key; the config that deploys keeps the required ones alone, so a deploy without WhatsApp works.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseDevVars } from './dev-vars.ts';

interface SecretsConfig {
  vars?: Record<string, unknown>;
  secrets?: { required?: string[] };
}

/** The keys `.dev.vars.example` documents that wrangler.toml's [vars] does not declare. */
export function documentedSecrets(vars: Record<string, unknown> = {}): string[] {
  return Object.keys(parseDevVars(readFileSync('.dev.vars.example', 'utf8'))).filter((key) => !(key in vars));
}

/** The config's `secrets.required` widened to every documented secret (for local serving only). */
export function withEveryLocalSecret<Config extends SecretsConfig>(config: Config): Config {
  const required = new Set([...(config.secrets?.required ?? []), ...documentedSecrets(config.vars)]);
  return { ...config, secrets: { ...config.secrets, required: [...required] } };
}

/**
 * Beside the built config (its paths are relative to its folder), the same config with every
 * documented secret loaded: what `wrangler dev` serves locally. Answers its path.
 */
export function writeLocalConfig(builtConfig: string): string {
  const local = join(dirname(builtConfig), 'wrangler.local.json');
  writeFileSync(local, JSON.stringify(withEveryLocalSecret(JSON.parse(readFileSync(builtConfig, 'utf8')))));
  return local;
}
