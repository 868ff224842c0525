/**
 * The demo's display link (DEMO=1, first start; issue 17 §5, §7): one link of the demo's chain brand
 * (its merchant and the merchants below it, both dashboards, the default expiry), so the Display
 * links page lists one. Its token is shown once, by the create call, and the demo has no one to show
 * it to: the link exists to be seen, revoked or replaced; a merchant administrator makes a new link
 * to open a lobby screen.
 */
import { sql } from 'drizzle-orm';
import { DISPLAY_LINK_DEFAULT_DAYS } from '@brewfleet/contracts';
import { rows, type Db } from '../../platform/db/client.ts';
import { inScope, SYSTEM } from '../../platform/db/scope.ts';
import { hashDisplayToken, newDisplayToken } from './tokens.ts';

export const DEMO_DISPLAY_LINK_NAME = 'Flagship lobby screen';

export async function seedDemoDisplayLink(database: Db): Promise<void> {
  await inScope(database, SYSTEM, async (db) => {
    const [merchant] = await rows<{ id: string }>(
      db,
      sql`select id::text from merchant order by coalesce(kind = 'chain-brand', false) desc, id limit 1`,
    );
    if (!merchant) return;
    await db.execute(sql`
      insert into display_link (merchant_id, name, dashboards, token_hash, expires_at)
      values (${merchant.id}, ${DEMO_DISPLAY_LINK_NAME}, 'both', ${hashDisplayToken(newDisplayToken())},
              now() + make_interval(days => ${DISPLAY_LINK_DEFAULT_DAYS}))`);
  });
}
