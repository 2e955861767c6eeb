/**
 * Facts about where the site runs. A local `SITE_URL` (this machine: localhost, 127.0.0.0/8,
 * ::1) is a developer's or a test's install; anything else is the public site, which must never
 * run in test mode or with the published local secrets.
 */
import { sha256Hex } from './signing';

export function isLocalSite(siteUrl: string | undefined): boolean {
  let host: string;
  try {
    host = new URL(siteUrl ?? '').hostname.toLowerCase();
  } catch {
    return false;
  }
  return host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || /^127(?:\.\d{1,3}){3}$/.test(host);
}

/**
 * SHA-256 of the secrets published in .dev.vars.example (the local defaults anyone can read).
 * Kept as digests so the worker carries no secret-looking text; tests/worker/site-config.test.ts
 * proves they are the example's (the worker tests run with that file's values).
 */
const publishedSecretDigests: Record<PublishedSecret, string> = {
  ADMIN_PASSWORD_HASH: 'fdbee9ca5c75a4cae138124e248c577793a959cbf92c8f16da1c07115be0d24a',
  ADMIN_PASSWORD_PEPPER: '80a40c19bb272fd94b7e2d2261678172e290d39d88e071c3540c110ceabc117d',
  LINK_SECRET: '587022dbf4d4d546a0f19dd0935888fc2d9d2c1c4f130e2625bc45a718d8b414',
  MANAGE_LINK_SECRET: '03fcd267dc38abc84c8cc142dae448a674fe2aa199b9ef501c96e5e35ea21360',
};

type PublishedSecret = 'ADMIN_PASSWORD_HASH' | 'ADMIN_PASSWORD_PEPPER' | 'LINK_SECRET' | 'MANAGE_LINK_SECRET';

/** The secrets of `env` that still hold the published local defaults. */
export async function publishedSecretsIn(env: Record<PublishedSecret, string>): Promise<PublishedSecret[]> {
  const names = Object.keys(publishedSecretDigests) as PublishedSecret[];
  const digests = await Promise.all(names.map((name) => sha256Hex(env[name] ?? '')));
  return names.filter((name, index) => digests[index] === publishedSecretDigests[name]);
}

/**
 * Why this configuration must not serve, or undefined when it may: on a public SITE_URL a
 * published local secret would let anyone sign in with the README's password or forge links.
 */
export async function unsafeConfiguration(
  env: Record<PublishedSecret | 'SITE_URL', string>,
): Promise<string | undefined> {
  if (isLocalSite(env.SITE_URL)) return undefined;
  const published = await publishedSecretsIn(env);
  if (published.length === 0) return undefined;
  return `Refusing to run: SITE_URL (${env.SITE_URL}) is public but ${published.join(', ')} still hold the published defaults of .dev.vars.example. Set your own with \`wrangler secret put\`.`;
}
