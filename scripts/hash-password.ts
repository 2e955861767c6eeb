// Prints a value for ADMIN_PASSWORD_HASH: `npm run hash-password -- <password>`.
// The pepper comes from ADMIN_PASSWORD_PEPPER in the environment, else from .dev.vars.
import { readFileSync } from 'node:fs';
import { hashPassword } from '../worker/services/staff/password.ts';

const password = process.argv[2];
if (!password) {
  console.error('usage: npm run hash-password -- <password>');
  process.exit(2);
}
const pepper = process.env.ADMIN_PASSWORD_PEPPER ?? readDevVar('ADMIN_PASSWORD_PEPPER');
if (!pepper) {
  console.error('Set ADMIN_PASSWORD_PEPPER (or create .dev.vars) first: the hash depends on it.');
  process.exit(2);
}
console.log(await hashPassword(password, pepper));

function readDevVar(name: string): string | undefined {
  try {
    const line = readFileSync('.dev.vars', 'utf8')
      .split('\n')
      .find((candidate) => candidate.startsWith(`${name}=`));
    return line?.slice(name.length + 1).replace(/^"(.*)"$/, '$1');
  } catch {
    return undefined;
  }
}
