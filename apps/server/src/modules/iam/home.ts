/**
 * The home page's figures: what the signed-in user can act on first, from data that exists, limited
 * to what their permissions and tenant let them see. Later modules (fleet, sales) add their own.
 */
import type { FastifyInstance } from 'fastify';
import { count, desc, sql } from 'drizzle-orm';
import { P, homeSummaryAnswer } from '@brewfleet/contracts';
import { answer } from '../../platform/http/answers.ts';
import { isoTime, rows, type Db } from '../../platform/db/client.ts';
import { toItem } from '../../platform/crud/register-resource.ts';
import type { ResourceRegistry } from '../../platform/crud/registry.ts';
import { inRequestScope, visibleTo } from '../../platform/crud/scope.ts';
import { hasPermission } from '../../platform/auth/auth-user.ts';

export function registerHome(app: FastifyInstance, deps: { db: Db; resources: ResourceRegistry }) {
  app.get(
    '/api/coffee/home/summary',
    { schema: { response: answer(homeSummaryAnswer), tags: ['home'] }, config: { authOnly: true } },
    async (request) => {
      const user = request.user!;
      return inRequestScope(deps.db, request, async (db) => {
        const countOf = async (name: string, code: string) => {
          if (!hasPermission(user, code)) return null;
          const reg = deps.resources.get(name);
          const [{ n }] = await db.select({ n: count() }).from(reg.table).where(visibleTo(reg, user));
          return Number(n);
        };
        const log = deps.resources.get('operation-log');
        const recentOperations = hasPermission(user, P.operationLog.list)
          ? (
              await db
                .select()
                .from(log.table)
                .where(visibleTo(log, user))
                .orderBy(desc(log.columns.createdAt))
                .limit(8)
            ).map((r) => toItem(log, r as Record<string, unknown>))
          : [];
        const [me] = await rows<{ last_login_at: string | null; previous_login_at: string | null }>(
          db,
          sql`select ${isoTime(sql`a.last_login_at`)} as last_login_at,
                     ${isoTime(sql`(select s.created_at from session s where s.account_id = a.id
                                     order by s.created_at desc offset 1 limit 1)`)} as previous_login_at
                from account a where a.id = ${user.userId}`,
        );
        return {
          accounts: await countOf('account', P.account.list),
          roles: await countOf('role', P.role.list),
          organizations: await countOf('organization', P.organization.list),
          menus: await countOf('menu', P.menu.list),
          recentOperations,
          lastLoginAt: me?.last_login_at ?? null,
          previousLoginAt: me?.previous_login_at ?? null,
        };
      });
    },
  );
}
