// `npm start`: serves the whole site as production would, on a fresh clone with no other step.
// Creates .dev.vars from the example when missing, applies the local D1 migrations, builds with
// Vite, and serves the build with wrangler (compressed assets, local D1 and KV) in the foreground.
import { serveBuiltSite, stopProcessGroup, viteBuild, waitForOk } from './lib/wrangler.ts';
import { localStateDir, prepareLocal } from './prepare-local.ts';

const port = Number(process.env.PORT ?? 8787);

prepareLocal();

viteBuild();

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
