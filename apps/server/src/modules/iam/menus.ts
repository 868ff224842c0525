/**
 * Menus: the generic resource for editing, plus the trees of CONTRACT §4 — all menus, the nav tree
 * a user may see, the parent picker — and the user's permission codes.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import {
  ALL_PERMISSION_CODES,
  MENU_TYPE,
  P,
  menuResource,
  type MenuNode,
  menuTreeAnswer,
  menuOptionsAnswer,
  permissionsAnswer,
} from '@brewfleet/contracts';
import { rows, type Db } from '../../platform/db/client.ts';
import type { ResourceDeps } from '../../platform/crud/types.ts';
import { registerResource } from '../../platform/crud/register-resource.ts';
import { inRequestScope } from '../../platform/crud/scope.ts';
import { AppError } from '../../platform/http/errors.ts';
import { answer } from '../../platform/http/answers.ts';
import { hasPermission, type AuthUser } from '../../platform/auth/auth-user.ts';
import { buildTree } from '../../platform/crud/tree.ts';

interface MenuRow {
  id: string;
  parent_id: string | null;
  name: string;
  tw_name: string;
  en_name: string;
  url: string | null;
  perms: string | null;
  icon: string | null;
  type: number;
  order_num: number;
}

const allMenus = (db: Db) =>
  rows<MenuRow>(
    db,
    sql`select id::text as id, parent_id::text as parent_id, name, tw_name, en_name, url, perms, icon, type, order_num
          from menu order by order_num, id`,
  );

const toNode = (m: MenuRow): MenuNode => ({
  id: m.id,
  menuId: m.id,
  parentId: m.parent_id ?? '0',
  name: m.name,
  twName: m.tw_name,
  enName: m.en_name,
  url: m.url ?? '',
  perms: m.perms ?? '',
  icon: m.icon ?? '',
  type: m.type,
  orderNum: m.order_num,
  level: 1,
  menuList: [],
});

/** Each node's depth in the tree answered: 1 at the top (a root of what the user sees). */
function setLevels(nodes: MenuNode[], level = 1): MenuNode[] {
  for (const node of nodes) {
    node.level = level;
    setLevels(node.menuList, level + 1);
  }
  return nodes;
}

export const menuTree = (menus: MenuRow[]) => setLevels(buildTree(menus.map(toNode), 'menuList'));

/** Directories and pages the user may open: granted pages, pages needing no code, and their parents. */
async function navMenus(db: Db, user: AuthUser): Promise<MenuRow[]> {
  const menus = (await allMenus(db)).filter((m) => m.type !== MENU_TYPE.button);
  if (user.superAdmin) return menus;
  const granted = user.menuIds;
  const byId = new Map(menus.map((m) => [m.id, m]));
  const keep = new Set<string>();
  for (const m of menus) {
    if (m.type !== MENU_TYPE.page || !(granted.has(m.id) || !m.perms)) continue;
    for (let cur: MenuRow | undefined = m; cur && !keep.has(cur.id); cur = byId.get(cur.parent_id ?? ''))
      keep.add(cur.id);
  }
  return menus.filter((m) => keep.has(m.id));
}

async function wouldCycle(db: Db, id: string, parentId: string): Promise<boolean> {
  const [hit] = await rows(
    db,
    sql`with recursive up(id, parent_id) as (
          select id, parent_id from menu where id = ${parentId}
          union all select m.id, m.parent_id from menu m join up on m.id = up.parent_id)
        select 1 from up where id = ${id} limit 1`,
  );
  return !!hit;
}

export function registerMenus(app: FastifyInstance, deps: ResourceDeps) {
  const { db } = deps;
  const tags = ['menu'];
  registerResource(app, deps, menuResource, {
    hooks: {
      async beforeUpdate(input, existing, ctx) {
        if (input.parentId && (await wouldCycle(ctx.db, String(existing.id), String(input.parentId)))) {
          throw new AppError('msg.menuCycle', {}, [{ field: 'parentId', message: 'msg.menuCycle' }]);
        }
        return input;
      },
      async beforeDelete(list, ctx) {
        const ids = list.map((r) => String(r.id));
        const idArray = sql`${`{${ids.join(',')}}`}::bigint[]`;
        const [child] = await rows(
          ctx.db,
          sql`select 1 from menu where parent_id = any(${idArray}) and not id = any(${idArray}) limit 1`,
        );
        if (child) throw new AppError('msg.menuHasChildren');
        // Roles stop granting what no longer exists.
        await ctx.db
          .execute(sql`update role set menu_id_list = array(select unnest(menu_id_list) except select unnest(${idArray}))
                                  where menu_id_list && ${idArray}`);
      },
    },
  });

  app.get(
    '/api/coffee/menu',
    { schema: { response: answer(menuTreeAnswer), tags }, config: { permission: P.menu.list } },
    async (request) => menuTree(await inRequestScope(db, request, allMenus)),
  );

  app.get(
    '/api/coffee/menu/nav',
    { schema: { response: answer(menuTreeAnswer), tags }, config: { authOnly: true } },
    async (request) => menuTree(await inRequestScope(db, request, (tx) => navMenus(tx, request.user!))),
  );

  app.get(
    '/api/coffee/menu/select',
    { schema: { response: answer(menuOptionsAnswer), tags }, config: { permission: P.menu.list } },
    async (request) => {
      const label = (m: MenuRow) =>
        request.lang === 'en' ? m.en_name : request.lang === 'tw' ? m.tw_name : m.name;
      const menus = (await inRequestScope(db, request, allMenus)).filter((m) => m.type !== MENU_TYPE.button);
      return buildTree(
        menus.map((m) => ({
          id: m.id,
          parentId: m.parent_id ?? '0',
          value: m.id,
          label: label(m),
          type: m.type,
          children: [],
        })),
        'children',
      );
    },
  );

  // The tree the role-authorization dialog offers: what the caller may grant (everything for the
  // platform administrator), with the directories above it.
  app.get(
    '/api/coffee/role/menu-tree',
    {
      schema: { response: answer(menuTreeAnswer), tags: ['role'] },
      config: { permission: P.role.authorize },
    },
    async (request) => {
      const user = request.user!;
      const menus = await inRequestScope(db, request, allMenus);
      if (user.superAdmin) return menuTree(menus);
      const byId = new Map(menus.map((m) => [m.id, m]));
      const keep = new Set<string>();
      for (const m of menus) {
        const codes = (m.perms ?? '')
          .split(',')
          .map((c) => c.trim())
          .filter(Boolean);
        if (m.type === MENU_TYPE.directory || !codes.every((c) => hasPermission(user, c))) continue;
        for (let cur: MenuRow | undefined = m; cur && !keep.has(cur.id); cur = byId.get(cur.parent_id ?? ''))
          keep.add(cur.id);
      }
      return menuTree(menus.filter((m) => keep.has(m.id)));
    },
  );

  app.get(
    '/api/coffee/user/permission',
    { schema: { response: answer(permissionsAnswer), tags: ['auth'] }, config: { authOnly: true } },
    async (request) => {
      const user = request.user!;
      if (!user.superAdmin) return [...user.permissions].sort();
      const codes = await inRequestScope(db, request, (tx) =>
        rows<{ perms: string }>(tx, sql`select perms from menu where coalesce(perms, '') <> ''`),
      );
      return [
        ...new Set([
          ...ALL_PERMISSION_CODES,
          ...codes.flatMap((c) => c.perms.split(',').map((s) => s.trim())),
        ]),
      ].sort();
    },
  );
}
