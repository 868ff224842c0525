/**
 * The dashboards' routes (contracts dashboard-api.ts): the signed-in console's, under
 * `/api/coffee/dashboard/` with `coffee:stats:dashboard`, and a display link's, under
 * `/api/display/` (its own auth scheme, display-auth.ts). Both read the same figures in the caller's
 * scope, read-only.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  DASHBOARD_BOARDS,
  DISPLAY_API_PREFIX,
  DISPLAY_TOKEN_PARAM,
  P,
  dashboardAnswer,
  dashboardQuery,
  type DashboardBoard,
  type DashboardQuery,
} from '@brewfleet/contracts';
import type { AuthUser } from '../../platform/auth/auth-user.ts';
import { rows, type Db } from '../../platform/db/client.ts';
import { inScope } from '../../platform/db/scope.ts';
import { inRequestScope } from '../../platform/crud/scope.ts';
import { answer, fileAnswer } from '../../platform/http/answers.ts';
import { AppError } from '../../platform/http/errors.ts';
import { DISPLAY_SCHEME, displayLinkOf } from './display-auth.ts';
import { dashboardFigures, type FigureSources, type Viewer } from './figures.ts';
import type { liveRefreshHub } from './live.ts';
import { DISPLAY_TOKEN_PATTERN, linkScope, type DisplayLink } from './tokens.ts';

const tags = ['dashboard'];
/** The OpenAPI security of the display API: a link's token in `X-Display-Token` (app.ts declares it). */
const DISPLAY_SECURITY = [{ displayToken: [] }];
const liveAnswer = fileAnswer('Server-sent events: {"kind":"refresh"} when the figures may have changed', [
  'text/event-stream',
]);

/** A link's stand-in for the reports that take a user: no permission, the link's scope. */
function linkViewer(link: DisplayLink): Viewer {
  const user: AuthUser = {
    userId: '0',
    account: `display:${link.id}`,
    name: link.name,
    partnerType: link.storeId ? 'store' : 'merchant',
    merchantId: link.merchantId,
    storeId: link.storeId,
    superAdmin: false,
    permissions: new Set(),
    menuIds: new Set(),
    scope: linkScope(link),
  };
  return {
    user,
    merchantName: link.merchantName,
    storeName: link.storeName,
    linkName: link.name,
    boards: link.dashboards === 'both' ? [...DASHBOARD_BOARDS] : [link.dashboards],
  };
}

async function userViewer(tx: Db, user: AuthUser): Promise<Viewer> {
  const [names] = await rows<{ merchantName: string | null; storeName: string | null }>(
    tx,
    sql`select (select name from merchant where id = ${user.merchantId}) as "merchantName",
               (select name from store where id = ${user.storeId}) as "storeName"`,
  );
  return { user, ...names, linkName: null, boards: [...DASHBOARD_BOARDS] };
}

export function registerDashboardRoutes(
  app: FastifyInstance,
  deps: { db: Db; sources: () => FigureSources; live: ReturnType<typeof liveRefreshHub> },
) {
  const { db, live } = deps;
  const optsOf = (request: FastifyRequest) => ({ timeZone: request.timeZone, lang: request.lang });

  app.get(
    '/api/coffee/dashboard/figures',
    {
      schema: { querystring: dashboardQuery, response: answer(dashboardAnswer), tags },
      config: { permission: P.stats.dashboard },
    },
    async (request) => {
      const { board } = request.query as DashboardQuery;
      return inRequestScope(db, request, async (tx) =>
        dashboardFigures(tx, deps.sources(), await userViewer(tx, request.user!), board, optsOf(request)),
      );
    },
  );

  app.get(
    '/api/coffee/dashboard/live',
    {
      schema: { response: liveAnswer, tags },
      config: { permission: P.stats.dashboard, cookieAuth: true },
    },
    (request, reply) => live.serve(request, reply),
  );

  app.post(
    `${DISPLAY_API_PREFIX}/query`,
    {
      schema: {
        body: dashboardQuery,
        response: answer(dashboardAnswer),
        tags,
        security: DISPLAY_SECURITY,
        description:
          'A display link’s dashboard figures, read-only, in its scope. Send the link’s token in the header `X-Display-Token` (or `Authorization: Display <token>`).',
      },
      config: { authScheme: DISPLAY_SCHEME, noAudit: true },
    },
    async (request) => {
      const link = displayLinkOf(request);
      const { board } = request.body as DashboardQuery;
      const viewer = linkViewer(link);
      if (!viewer.boards.includes(board as DashboardBoard)) throw new AppError('msg.displayBoardNotLinked');
      return inScope(db, linkScope(link), (tx) =>
        dashboardFigures(tx, deps.sources(), viewer, board, optsOf(request)),
      );
    },
  );

  app.get(
    `${DISPLAY_API_PREFIX}/live`,
    {
      schema: {
        querystring: z.object({ [DISPLAY_TOKEN_PARAM]: z.string().regex(DISPLAY_TOKEN_PATTERN).optional() }),
        response: liveAnswer,
        tags,
        // Either the header or, from an EventSource, the address parameter.
        security: [...DISPLAY_SECURITY, { displayTokenParam: [] }],
        description:
          'Server-sent events for a display link’s dashboard; the token in the header `X-Display-Token` or, from an EventSource, the parameter `display`.',
      },
      config: { authScheme: DISPLAY_SCHEME, noAudit: true },
    },
    (request, reply) => live.serve(request, reply),
  );
}
