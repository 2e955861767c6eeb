import { createFactory } from 'hono/factory';
import type { Database } from './db/client';

/** Secrets that may be left unset: without them messages stay in the outbox. */
export interface OptionalSecrets {
  EMAIL_API_KEY?: string;
  WHATSAPP_TOKEN?: string;
}

export type Bindings = Env & OptionalSecrets;

export interface AppEnv {
  Bindings: Bindings;
  Variables: { db: Database };
}

export const factory = createFactory<AppEnv>();
