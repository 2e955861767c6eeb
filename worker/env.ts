import { createFactory } from 'hono/factory';
import type { Database } from './db/client';
import type { StaffMember } from './shared/permissions';

/** Secrets that may be left unset: without a token WhatsApp messages wait in the outbox as held. */
export interface OptionalSecrets {
  WHATSAPP_TOKEN?: string;
  /** Meta's app secret: checks the WhatsApp webhook's X-Hub-Signature-256. Unset: the webhook refuses all. */
  WHATSAPP_APP_SECRET?: string;
  /** The token Meta echoes when subscribing the WhatsApp webhook. */
  WHATSAPP_VERIFY_TOKEN?: string;
  /** A test run's clock, on a local development install only (run-clock.ts). */
  RUN_CLOCK_OFFSET_MS?: string;
}

export type Bindings = Env & OptionalSecrets;

export interface AppEnv {
  Bindings: Bindings;
  /**
   * `staff`: the signed-in member, on staff routes (middleware/staff-access.ts). `signInAccount`:
   * the account a refused sign-in step was for, when the request named one (its audit entry).
   */
  Variables: { db: Database; staff?: StaffMember; signInAccount?: { _id: string; name: string } };
}

export const factory = createFactory<AppEnv>();
