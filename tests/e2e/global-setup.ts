// Serves the built site with wrangler (as `npm start` does) on a free port with a fresh local
// database for the browser tests, and stops the server's whole process group afterwards.
import { existsSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { builtConfig, startBuiltSite } from '../../scripts/lib/wrangler.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  if (!existsSync(builtConfig)) throw new Error(`${builtConfig} is missing: run "npm run build" first`);
  const site = await startBuiltSite('.dev.vars.example');
  project.provide('baseUrl', site.baseUrl);
  return site.stop;
}
