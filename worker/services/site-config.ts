/**
 * Facts about where the site runs. A local `SITE_URL` (this machine: localhost, 127.0.0.0/8,
 * ::1) is a developer's or a test's install; anything else is the public site, which must never
 * run in test mode or with the published local secrets.
 */
export function isLocalSite(siteUrl: string | undefined): boolean {
  let host: string;
  try {
    host = new URL(siteUrl ?? '').hostname.toLowerCase();
  } catch {
    return false;
  }
  return host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || /^127(?:\.\d{1,3}){3}$/.test(host);
}
