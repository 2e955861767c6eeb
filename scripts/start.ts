// `npm start`: serves the whole site as production would, on a fresh clone with no other step.
// Creates .dev.vars from the example when missing, applies the local D1 migrations, builds with
// Vite, and serves the build with wrangler (compressed assets, local D1 and KV) in the foreground.
import { spawnSync } from 'node:child_process';
import { offlineEnv } from './lib/offline-env.ts';
import { packageBin, serveBuiltSite, stopProcessGroup, waitForOk } from './lib/wrangler.ts';
import { localStateDir, prepareLocal } from './prepare-local.ts';

const port = Number(process.env.PORT ?? 8787);

prepareLocal();

const viteBin = packageBin('vite/bin/vite.js');
const build = spawnSync(process.execPath, [viteBin, 'build', '--logLevel', 'warn'], {
  stdio: 'inherit',
  env: { ...process.env, ...offlineEnv },
});
if (build.status !== 0) process.exit(build.status ?? 1);

const server = serveBuiltSite({ port, persistTo: localStateDir, envFile: '.dev.vars', stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    void stopProcessGroup(server).then(() => process.exit(0));
  });
}
server.on('exit', (code) => process.exit(code ?? 0));

await waitForOk(`http://127.0.0.1:${port}/api/health`, 60_000, server);
console.log(
  `\nThe studio site is ready at http://127.0.0.1:${port} (staff area: /admin; local login admin / spa-admin-local unless .dev.vars says otherwise)\n`,
);
