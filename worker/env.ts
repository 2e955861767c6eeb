import { createFactory } from 'hono/factory';
import type { Database } from './db/client';

/** A secret that may be left unset: without it WhatsApp messages wait in the outbox as held. */
export interface OptionalSecrets {
  WHATSAPP_TOKEN?: string;
}

export type Bindings = Env & OptionalSecrets;

export interface AppEnv {
  Bindings: Bindings;
  Variables: { db: Database };
}

export const factory = createFactory<AppEnv>();
