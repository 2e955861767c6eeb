// An unhandled error's log line names the route's pattern, never the path it was called on: the
// paths of clients' links carry bearer tokens (a booking's manage link, a gift card, a review).
import { Hono } from 'hono';
import { afterEach, expect, it, vi } from 'vitest';
import type { AppEnv } from '../../worker/env';
import { onError } from '../../worker/middleware/errors';

afterEach(() => {
  vi.restoreAllMocks();
});

it('logs the route pattern of a failing token route, not its token', async () => {
  const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const app = new Hono<AppEnv>().basePath('/api');
  app.onError(onError);
  app.get('/manage-booking/:token', () => {
    throw new Error('the database went away');
  });
  const token = 'c2VjcmV0LXRva2VuLW9mLWEtY2xpZW50LWxpbmstMTIzNA';
  const response = await app.request(`/api/manage-booking/${token}`);
  expect(response.status).toBe(500);
  const lines = logged.mock.calls.map((call) => call.map(String).join(' '));
  expect(lines.join('\n')).toContain('/api/manage-booking/:token');
  expect(lines.join('\n')).not.toContain(token);
});
