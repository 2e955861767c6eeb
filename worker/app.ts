import { Hono } from 'hono';
import type { AppEnv } from './env';
import { bodyLimitMiddleware } from './middleware/body-limit';
import { dbMiddleware } from './middleware/db';
import { notFound, onError } from './middleware/errors';
import { securityHeadersMiddleware } from './middleware/security-headers';
import { healthRoutes } from './routes/health';

export const app = new Hono<AppEnv>()
  .basePath('/api')
  .use(securityHeadersMiddleware)
  .use(bodyLimitMiddleware)
  .use(dbMiddleware)
  .route('/', healthRoutes);

app.onError(onError);
app.notFound(notFound);

/** The API's type, for the web's typed `hc` client. */
export type AppType = typeof app;
