// Serves the built site with wrangler (as `npm start` does) on a free port with a fresh local
// database, for the browser tests; stops the server's whole process group afterwards.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import {
  applyLocalMigrations,
  builtConfig,
  serveBuiltSite,
  stopProcessGroup,
  waitForOk,
} from '../../scripts/lib/wrangler.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  if (!existsSync(builtConfig)) throw new Error(`${builtConfig} is missing: run "npm run build" first`);
  const persistTo = mkdtempSync(join(tmpdir(), 'spa-e2e-'));
  applyLocalMigrations(persistTo, { quiet: true });

  const port = await freePort();
  const server = serveBuiltSite({ port, persistTo, envFile: '.dev.vars.example', stdio: 'pipe' });
  let output = '';
  server.stdout?.on('data', (chunk) => (output += chunk));
  server.stderr?.on('data', (chunk) => (output += chunk));

  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForOk(`${baseUrl}/api/health`, 90_000, server);
  } catch (error) {
    await stopProcessGroup(server);
    throw new Error(`The e2e server did not start: ${(error as Error).message}\n${output}`);
  }
  project.provide('baseUrl', baseUrl);

  return async () => {
    await stopProcessGroup(server);
    rmSync(persistTo, { recursive: true, force: true });
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}
