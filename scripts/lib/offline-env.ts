// Environment for every wrangler and miniflare process we start: no telemetry, no update check
// (the banner's), no download of request.cf data. Nothing may wait on the network.
export const offlineEnv: Record<string, string> = {
  WRANGLER_SEND_METRICS: 'false',
  WRANGLER_HIDE_BANNER: 'true',
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  WRANGLER_SEND_ERROR_REPORTS: 'false',
};
