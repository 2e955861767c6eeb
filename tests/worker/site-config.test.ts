// A public site never runs with the published local secrets, and test payments only on a local one.
import {
  createExecutionContext,
  createMessageBatch,
  createScheduledController,
  getQueueResult,
  waitOnExecutionContext,
} from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import worker from '../../worker';
import { unsafeConfigurationMessage } from '../../worker/middleware/safe-config';
import { isTestMode, paymentSetup } from '../../worker/services/payments/gateway';
import { backgroundProblem, isLocalSite, publishedSecretsIn } from '../../worker/services/site-config';
import { call } from './admin-harness';

const publicSite = 'https://studio.example.ng';
const ownSecrets = {
  ADMIN_PASSWORD_HASH: 'pbkdf2-sha256:100000:b3du:b3du',
  ADMIN_PASSWORD_PEPPER: 'a-pepper-of-our-own',
  LINK_SECRET: 'a-link-secret-of-our-own',
  MANAGE_LINK_SECRET: 'a-manage-link-secret-of-our-own',
};

describe('where the site runs', () => {
  it.each([
    ['http://127.0.0.1:8787', true],
    ['http://localhost:5173', true],
    ['http://127.5.6.7', true],
    ['http://[::1]:8787', true],
    ['http://spa.localhost', true],
    [publicSite, false],
    ['http://127.0.0.1.example.com', false],
    ['not a url', false],
  ])('%s is local: %s', (siteUrl, local) => {
    expect(isLocalSite(siteUrl)).toBe(local);
  });
});

describe('an install whose SITE_URL is still local', () => {
  it('serves this machine only: a public host gets 503 and a log line saying what to set', async () => {
    expect(env.SITE_URL).toBe('http://127.0.0.1:8787');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    for (const url of ['https://studio.example.ng/api/health', 'https://studio.example.ng/admin']) {
      const response = await exports.default.fetch(url);
      expect(response.status, url).toBe(503);
      expect(await response.json()).toEqual({ message: unsafeConfigurationMessage });
    }
    expect(String(logged.mock.calls[0]?.[0])).toContain(
      'Refusing to serve studio.example.ng: SITE_URL (http://127.0.0.1:8787) is a local address',
    );
    expect(String(logged.mock.calls[0]?.[0])).toContain('Set SITE_URL in wrangler.toml [vars]');
    logged.mockRestore();
    for (const url of [
      'http://127.0.0.1:8787/api/health',
      'http://localhost:5173/api/health',
      'http://[::1]/api/health',
    ]) {
      expect((await exports.default.fetch(url)).status, url).toBe(200);
    }
  });

  it('runs the cron and the queue only when ENVIRONMENT says it is a development install', async () => {
    const laptop = { ...env, ENVIRONMENT: 'production' };
    expect(await backgroundProblem(laptop)).toContain('ENVIRONMENT is "production", not "development"');
    expect(await backgroundProblem(env)).toBeUndefined();
    expect(await backgroundProblem({ ...env, SITE_URL: publicSite, ...ownSecrets, ENVIRONMENT: 'production' })).toBe(
      undefined,
    );

    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const context = createExecutionContext();
    worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: '*/15 * * * *' }), laptop, context);
    await waitOnExecutionContext(context);
    expect(logged.mock.calls.map((call) => String(call[0]))).toContainEqual(
      expect.stringContaining('Refusing to run the cron and the queue'),
    );
    const batch = createMessageBatch('spa-studio-messages', [
      { id: 'one', timestamp: new Date(), attempts: 1, body: { outboxId: 'nothing' } },
    ]);
    const queueContext = createExecutionContext();
    await worker.queue(batch, laptop);
    // The messages wait on the queue, not one of them handled.
    expect(await getQueueResult(batch, queueContext)).toMatchObject({ retryBatch: { retry: true }, explicitAcks: [] });
    logged.mockRestore();
  });
});

describe('the published local secrets', () => {
  it('are recognised: the tests run with .dev.vars.example, whose four secrets are all published', async () => {
    expect(await publishedSecretsIn(env)).toEqual([
      'ADMIN_PASSWORD_HASH',
      'ADMIN_PASSWORD_PEPPER',
      'LINK_SECRET',
      'MANAGE_LINK_SECRET',
    ]);
    expect(await publishedSecretsIn({ ...env, ...ownSecrets })).toEqual([]);
    expect(await publishedSecretsIn({ ...env, ...ownSecrets, LINK_SECRET: env.LINK_SECRET })).toEqual(['LINK_SECRET']);
  });

  it('make a public site refuse every request with 503 and a clear error in the log', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const unsafe = { ...env, SITE_URL: publicSite, ...ownSecrets, ADMIN_PASSWORD_PEPPER: env.ADMIN_PASSWORD_PEPPER };
    for (const path of ['/api/health', '/api/auth/session', '/admin']) {
      const response = await call(path, {}, unsafe);
      expect(response.status, path).toBe(503);
      expect(await response.json()).toEqual({ message: unsafeConfigurationMessage });
    }
    expect(String(logged.mock.calls[0]?.[0])).toContain('ADMIN_PASSWORD_PEPPER');
    logged.mockRestore();
    // With its own secrets the public site serves; locally the published ones are fine.
    expect((await call('/api/health', {}, { ...env, SITE_URL: publicSite, ...ownSecrets })).status).toBe(200);
    expect((await call('/api/health')).status).toBe(200);
  });
});

describe('the payment mode', () => {
  it('is test only when chosen, and only on a local site', () => {
    const local = env.SITE_URL;
    expect(paymentSetup({ PAYMENT_MODE: 'test', PAYSTACK_SECRET_KEY: '', SITE_URL: local })).toEqual({
      gateway: 'test',
    });
    expect(paymentSetup({ PAYMENT_MODE: 'test', PAYSTACK_SECRET_KEY: 'sk_test_x', SITE_URL: local })).toEqual({
      gateway: 'paystack',
    });
    expect(paymentSetup({ PAYMENT_MODE: 'test', PAYSTACK_SECRET_KEY: '', SITE_URL: publicSite }).gateway).toBe('none');
    expect(paymentSetup({ PAYMENT_MODE: 'test', PAYSTACK_SECRET_KEY: 'sk_x', SITE_URL: publicSite }).gateway).toBe(
      'none',
    );
    // An empty or deleted key never turns the free test checkout on.
    for (const mode of ['live', '', 'LIVE', 'Test']) {
      expect(paymentSetup({ PAYMENT_MODE: mode, PAYSTACK_SECRET_KEY: '', SITE_URL: local }).gateway).toBe('none');
      expect(isTestMode({ PAYMENT_MODE: mode, PAYSTACK_SECRET_KEY: '', SITE_URL: local })).toBe(false);
    }
    expect(paymentSetup({ PAYMENT_MODE: 'live', PAYSTACK_SECRET_KEY: 'sk_live_x', SITE_URL: publicSite })).toEqual({
      gateway: 'paystack',
    });
  });
});
