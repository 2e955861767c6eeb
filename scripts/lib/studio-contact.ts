// The studio's contact details live once, in wrangler.toml [vars] (the worker reads them for its
// messages); the build reads the same lines and hands them to the web as a compile-time constant.
import { readFileSync } from 'node:fs';

export interface StudioContact {
  phone: string;
  whatsapp: string;
  email: string;
  address: string;
}

/** Reads the `KEY = "value"` lines of the [vars] table of wrangler.toml. */
export function readWranglerVars(path = 'wrangler.toml'): Record<string, string> {
  const vars: Record<string, string> = {};
  let inVars = false;
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const table = /^\s*\[+([^\]]+)\]+\s*$/.exec(line);
    if (table) {
      inVars = table[1]?.trim() === 'vars';
      continue;
    }
    const entry = inVars ? /^\s*([A-Z0-9_]+)\s*=\s*"((?:[^"\\]|\\.)*)"\s*(#.*)?$/.exec(line) : null;
    if (entry?.[1]) vars[entry[1]] = (entry[2] ?? '').replace(/\\(.)/g, '$1');
  }
  return vars;
}

export function readStudioContact(path = 'wrangler.toml'): StudioContact {
  const vars = readWranglerVars(path);
  const value = (name: string) => {
    const found = vars[name];
    if (!found) throw new Error(`wrangler.toml [vars] has no ${name}`);
    return found;
  };
  return {
    phone: value('STUDIO_PHONE'),
    whatsapp: value('STUDIO_WHATSAPP'),
    email: value('STUDIO_EMAIL'),
    address: value('STUDIO_ADDRESS'),
  };
}
