import { zValidator } from '@hono/zod-validator';
import type { MiddlewareHandler, ValidationTargets } from 'hono';
import type { $ZodType } from 'zod/v4/core';

export const notAnObject = 'Send the details as a JSON object.';

/**
 * zod validation with the API's error shape: `400 { message, issues }`, where `message` is the
 * first problem in words a visitor can act on and `issues` lists every problem with its path.
 *
 * `schema` may be a function that builds it: it is then built on the route's first request, not
 * when the Worker starts. Building zod schemas is most of a cold start's CPU, and a request needs
 * only its own route's.
 */
export function validate<Target extends keyof ValidationTargets, Schema extends $ZodType>(
  target: Target,
  schema: Schema | (() => Schema),
) {
  const make = () =>
    zValidator(target, typeof schema === 'function' ? schema() : schema, (result, c) => {
      if (result.success) return;
      const issues = result.error.issues.map((issue) => ({
        path: issue.path.map(String).join('.'),
        // zod's own words for a body that is not an object at all ("Invalid input") say nothing; a
        // rule about the whole body (a refine) keeps its own message.
        message: issue.path.length === 0 && target === 'json' && issue.code !== 'custom' ? notAnObject : issue.message,
      }));
      return c.json({ message: issues[0]?.message ?? 'Invalid request', issues }, 400);
    });
  let middleware: ReturnType<typeof make> | undefined;
  const onFirstUse: MiddlewareHandler = (c, next) => {
    middleware ??= make();
    return middleware(c, next);
  };
  return onFirstUse as ReturnType<typeof make>;
}
