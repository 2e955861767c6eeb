/**
 * Facts about where the site runs. A local `SITE_URL` (this machine: localhost, 127.0.0.0/8,
 * ::1) is a developer's or a test's install; anything else is the public site, which must never
 * run in test mode or with the published local secrets.
 */
import { isLocalAddress } from '../shared/local-address';
import { sha256Hex } from './signing';

export const isLocalSite = isLocalAddress;

/**
 * Why this request must not be served, or undefined: a local SITE_URL makes the install a
 * developer's laptop (test payments, no second factor, the published secrets allowed), so a
 * request for any host but this machine means a public site deployed with the laptop's setting.
 */
export function servingProblem(env: { SITE_URL: string }, requestUrl: string): string | undefined {
  if (!isLocalSite(env.SITE_URL) || isLocalAddress(requestUrl)) return undefined;
  return `Refusing to serve ${new URL(requestUrl).host}: SITE_URL (${env.SITE_URL}) is a local address, so this install would run as a developer's laptop (test payments, the published secrets, no second factor). Set SITE_URL in wrangler.toml [vars] to the site's public origin (https://…) and deploy again.`;
}

/**
 * Why the cron and the queue must not run, or undefined. They have no request to tell where they
 * run, so a local SITE_URL counts as local only with ENVIRONMENT = "development" (.dev.vars);
 * a public one must not hold the published secrets.
 */
export async function backgroundProblem(
  env: Record<PublishedSecret | 'SITE_URL', string> & { ENVIRONMENT?: string },
): Promise<string | undefined> {
  if (isLocalSite(env.SITE_URL) && env.ENVIRONMENT !== 'development') {
    return `Refusing to run the cron and the queue: SITE_URL (${env.SITE_URL}) is a local address but ENVIRONMENT is "${env.ENVIRONMENT ?? ''}", not "development". A local install sets ENVIRONMENT=development in .dev.vars; a public one sets SITE_URL in wrangler.toml [vars] to its public origin.`;
  }
  return unsafeConfiguration(env);
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
