// The API's routes, from the app itself (so a new route is covered the day it is added), split
// into the public ones (as the access table lists them) and the staff ones.
import { app } from '../../worker/app';
import { routeAccess } from '../../worker/middleware/staff-access';

/** The routes anyone may call, as the access table (worker/middleware/staff-access.ts) lists them. */
export const publicRoutes = new Set(
  Object.entries(routeAccess)
    .filter(([, access]) => access === 'public')
    .map(([route]) => route),
);

export const apiRoutes = [
  ...new Set(
    app.routes
      .filter((route) => route.path.startsWith('/api/') && route.method !== 'ALL')
      .map((route) => `${route.method} ${route.path}`),
  ),
];
export const adminRoutes = apiRoutes.filter((route) => !publicRoutes.has(route));
/** Staff writes whose body is multipart (a photo), not JSON: uploads.test.ts checks their Origin rule. */
export const multipartWrites = new Set(['POST /api/uploads']);
/** Staff writes with a JSON body (or none). */
export const writes = adminRoutes.filter((route) => !route.startsWith('GET ') && !multipartWrites.has(route));
