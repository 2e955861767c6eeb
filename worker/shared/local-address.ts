/**
 * Whether a URL names this machine (localhost, *.localhost, 127.0.0.0/8, [::1]): a developer's
 * or a test's install. No imports, so the Worker and the deploy script share it.
 */
export function isLocalAddress(url: string | undefined): boolean {
  let host: string;
  try {
    host = new URL(url ?? '').hostname.toLowerCase();
  } catch {
    return false;
  }
  return host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || /^127(?:\.\d{1,3}){3}$/.test(host);
}
