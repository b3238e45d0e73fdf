import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { authRoutes } from './auth/routes.js';
import { emailRoutes } from './auth/email-routes.js';
import { channelRoutes } from './channels/routes.js';
import { groupRoutes } from './groups/routes.js';
import { logRoutes } from './logs/routes.js';
import { midjourneyRoutes } from './midjourney/routes.js';
import { oidcDiscoveryRoutes } from './options/oidc-discovery-routes.js';
import { optionRoutes } from './options/routes.js';
import { ratioResetRoutes } from './options/ratio-reset-routes.js';
import { pricingRoutes } from './pricing/routes.js';
import { dashboardRoutes } from './dashboard/routes.js';
import { setupRoutes } from './setup/routes.js';
import { siteRoutes } from './site/routes.js';
import { updateCheckRoutes } from './site/update-routes.js';
import { redemptionRoutes } from './redemptions/routes.js';
import { tokenRoutes } from './tokens/routes.js';
import { topUpRoutes } from './topup/routes.js';
import { selfRoutes } from './users/self-routes.js';
import { personalRoutes } from './users/personal-routes.js';
import { userAdminRoutes } from './users/admin-routes.js';
import { channelTestRoutes } from '../relay/channel-test-routes.js';
import { taskRoutes } from './tasks/routes.js';
import { oauthRoutes } from './oauth/routes.js';
import { directSignInRoutes } from './oauth/direct-routes.js';

export type RouteModule = (app: FastifyInstance, ctx: AppContext) => Promise<void>;

/** Every /api route module, registered in this order under the /api prefix. */
export const API_ROUTES: RouteModule[] = [
  setupRoutes,
  siteRoutes,
  updateCheckRoutes,
  authRoutes,
  emailRoutes,
  selfRoutes,
  personalRoutes,
  userAdminRoutes,
  optionRoutes,
  ratioResetRoutes,
  oidcDiscoveryRoutes,
  tokenRoutes,
  redemptionRoutes,
  topUpRoutes,
  channelRoutes,
  logRoutes,
  groupRoutes,
  pricingRoutes,
  dashboardRoutes,
  channelTestRoutes,
  taskRoutes,
  midjourneyRoutes,
  oauthRoutes,
  directSignInRoutes,
];
