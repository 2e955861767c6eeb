// `npm run deploy` never ships the laptop's configuration: the repository's own wrangler.toml (a
// local SITE_URL) is refused before anything is built or sent, with a message saying what to set.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { deployProblem, tomlVars } from '../../../scripts/lib/deploy-check';

const shipped = readFileSync('wrangler.toml', 'utf8');

describe('npm run deploy', () => {
  it('refuses the shipped wrangler.toml, whose SITE_URL is local, before building', () => {
    const run = spawnSync(process.execPath, ['scripts/deploy.ts'], { encoding: 'utf8', timeout: 60_000 });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('Refusing to deploy: SITE_URL in wrangler.toml [vars] is "http://127.0.0.1:8787"');
    expect(run.stdout).not.toContain('vite');
  });

  it('lets a public origin through, and refuses ENVIRONMENT = "development" or plain http', () => {
    expect(tomlVars(shipped)).toMatchObject({ SITE_URL: 'http://127.0.0.1:8787', ENVIRONMENT: 'production' });
    const published = shipped.replace('SITE_URL = "http://127.0.0.1:8787"', 'SITE_URL = "https://studio.example.ng"');
    expect(deployProblem(published)).toBeUndefined();
    expect(deployProblem(published.replace('ENVIRONMENT = "production"', 'ENVIRONMENT = "development"'))).toContain(
      'ENVIRONMENT in wrangler.toml [vars] is "development"',
    );
    expect(deployProblem(published.replace('https://studio.example.ng', 'http://studio.example.ng'))).toContain(
      'served over https://',
    );
    expect(
      deployProblem(shipped.replace('SITE_URL = "http://127.0.0.1:8787"', 'SITE_URL = "http://localhost"')),
    ).toContain('a local address');
  });
});
