/**
 * `GET /api/coffee/home/business`: what the signed-in user runs, at a glance — machines by state,
 * today's cups and revenue against the same weekday last week, the bad-cup rate, open faults and
 * channels about to run empty. The figures come from the services of the modules that own them
 * (fleet, orders), in the request's scope; a part the user may not list is null, so the console
 * shows no card for it.
 */
import type { FastifyInstance } from 'fastify';
import { P, homeBusinessAnswer, type HomeBusiness } from '@brewfleet/contracts';
import { answer } from '../../platform/http/answers.ts';
import { rows, type Db } from '../../platform/db/client.ts';
import { dayWindows } from '../../platform/db/day-windows.ts';
import { inRequestScope } from '../../platform/crud/scope.ts';
import { hasPermission } from '../../platform/auth/auth-user.ts';
import type { FleetService } from '../fleet/service.ts';
import type { OrderService } from '../orders/service.ts';

/** How many faults and channels the cards name (the rest is one click away). */
const LATEST = 5;

export function registerHomeBusiness(
  app: FastifyInstance,
  deps: { db: Db; fleet: FleetService; orders: OrderService },
) {
  const { reports } = deps.fleet;
  app.get(
    '/api/coffee/home/business',
    { schema: { response: answer(homeBusinessAnswer), tags: ['home'] }, config: { authOnly: true } },
    async (request): Promise<HomeBusiness> => {
      const user = request.user!;
      const zone = request.timeZone;
      const may = (code: string) => hasPermission(user, code);
      return inRequestScope(deps.db, request, async (tx) => {
        const [{ today }] = await rows<{ today: string }>(tx, dayWindows(zone).dateQuery);
        const cups = may(P.productionRecord.list) ? await reports.cupDays(tx, user, zone) : null;
        return {
          timeZone: zone,
          today,
          machines: may(P.device.list) ? await reports.machineStates(tx, user) : null,
          cups: cups && {
            ...cups,
            badCupRate: cups.reportedToday ? cups.badToday / cups.reportedToday : null,
          },
          revenue: may(P.order.list) ? await deps.orders.revenueDays(tx, user, zone) : null,
          faults: may(P.faultLog.list) ? await reports.openFaults(tx, user, LATEST) : null,
          channels: may(P.deviceChannel.list) ? await reports.lowChannels(tx, user, LATEST) : null,
        };
      });
    },
  );
}
