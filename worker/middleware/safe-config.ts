import { factory } from '../env';
import { servingProblem, unsafeConfiguration } from '../services/site-config';

export const unsafeConfigurationMessage = 'The site is not configured yet. Please try again later.';

/**
 * Refuses every request while a public site runs with the published local secrets, or a public
 * host is served by an install whose SITE_URL is still local (a laptop's setting): a clear error
 * in the log and 503, never a quiet run that anyone could sign in to or forge links for.
 */
export const safeConfigMiddleware = factory.createMiddleware(async (c, next) => {
  const problem = servingProblem(c.env, c.req.url) ?? (await unsafeConfiguration(c.env));
  if (!problem) return next();
  console.error(problem);
  return c.json({ message: unsafeConfigurationMessage }, 503, { 'Retry-After': '300' });
});
