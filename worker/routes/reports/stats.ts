import { adminStats } from '../../services/reports/stats';
import { routeGroup } from '../route-group';

/** Staff only: the figures at a glance. */
export const statsRoutes = routeGroup().get('/stats', async (c) => c.json(await adminStats(c.var.db, new Date())));
