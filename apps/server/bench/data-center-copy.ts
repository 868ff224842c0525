/**
 * Bulk loading for bench/data-center-seed.ts: COPY on two connections at once (the generator fills
 * the next chunk while PostgreSQL takes the last one), and empty tables loaded without their
 * secondary indexes and foreign keys, which are made again afterwards (an index built once from
 * sorted rows costs a fraction of 10,000,000 single insertions; a foreign key checked by one join
 * instead of one lookup per row).
 */
import pg from 'pg';
import { copy, write } from './orders-seed.ts';

/** COPY jobs over `connections` clients, at most one in flight per client. */
export class Copier {
  private readonly idle: pg.PoolClient[] = [];
  private readonly waiting: Array<(c: pg.PoolClient) => void> = [];
  private readonly running = new Set<Promise<void>>();
  private failure: unknown = null;

  constructor(clients: pg.PoolClient[]) {
    this.idle.push(...clients);
  }

  private take(): Promise<pg.PoolClient> {
    const c = this.idle.pop();
    return c ? Promise.resolve(c) : new Promise((resolve) => this.waiting.push(resolve));
  }

  private give(c: pg.PoolClient) {
    const next = this.waiting.shift();
    if (next) next(c);
    else this.idle.push(c);
  }

  /** Start a COPY of `lines` into `table`; resolves once a connection took it (not when it is done). */
  async send(table: string, columns: string[], lines: string[]): Promise<void> {
    if (this.failure) throw this.failure;
    const client = await this.take();
    const job = copy(client, table, columns, async (s) => {
      for (let i = 0; i < lines.length; i += 2000) await write(s, lines.slice(i, i + 2000).join(''));
    })
      .catch((error: unknown) => {
        this.failure ??= error;
      })
      .finally(() => {
        this.running.delete(job);
        this.give(client);
      });
    this.running.add(job);
  }

  async drain(): Promise<void> {
    await Promise.all([...this.running]);
    if (this.failure) throw this.failure;
  }
}

/** What makes a table's dropped indexes and constraints again: index builds, then foreign keys. */
interface Dropped {
  table: string;
  /** Each a list of statements run in order (a unique index, then its constraint). */
  indexes: string[][];
  foreignKeys: string[];
}

/**
 * Drop `tables`' indexes (all but the primary key), unique constraints and foreign keys; returns
 * what puts them back. Only for tables emptied first.
 */
export async function dropIndexes(client: pg.PoolClient, tables: string[]): Promise<Dropped[]> {
  const out: Dropped[] = [];
  for (const table of tables) {
    const d: Dropped = { table, indexes: [], foreignKeys: [] };
    const { rows: constraints } = await client.query<{ name: string; def: string; type: string }>(
      `select conname as name, pg_get_constraintdef(oid) as def, contype as type from pg_constraint
        where conrelid = $1::regclass and contype in ('u', 'f')`,
      [table],
    );
    for (const c of constraints) {
      await client.query(`alter table ${table} drop constraint ${c.name}`);
      if (c.type === 'f') d.foreignKeys.push(`alter table ${table} add constraint ${c.name} ${c.def}`);
      else
        d.indexes.push([
          `create unique index ${c.name} on ${table} ${c.def.replace(/^UNIQUE /, '')}`,
          `alter table ${table} add constraint ${c.name} unique using index ${c.name}`,
        ]);
    }
    const { rows: indexes } = await client.query<{ name: string; def: string }>(
      `select i.relname as name, pg_get_indexdef(i.oid) as def
         from pg_index x join pg_class i on i.oid = x.indexrelid
        where x.indrelid = $1::regclass and not x.indisprimary
          and not exists (select 1 from pg_constraint c where c.conindid = i.oid)`,
      [table],
    );
    for (const i of indexes) {
      await client.query(`drop index ${i.name}`);
      d.indexes.push([i.def]);
    }
    out.push(d);
  }
  return out;
}

/** Make the dropped indexes and constraints again, `connections` at a time; foreign keys last. */
export async function restoreIndexes(pool: pg.Pool, dropped: Dropped[], connections: number) {
  const run = async (queue: string[][]) => {
    const work = async () => {
      const client = await pool.connect();
      try {
        await client.query("set maintenance_work_mem = '1GB'");
        // The connections already fill the cores.
        await client.query('set max_parallel_maintenance_workers = 0');
        for (let task = queue.shift(); task; task = queue.shift())
          for (const statement of task) {
            const started = Date.now();
            await client.query(statement);
            console.log(`    ${((Date.now() - started) / 1000).toFixed(1)} s  ${statement.slice(0, 120)}`);
          }
      } finally {
        client.release();
      }
    };
    await Promise.all(Array.from({ length: connections }, work));
  };
  await run(dropped.flatMap((d) => d.indexes));
  await run(dropped.flatMap((d) => d.foreignKeys.map((f) => [f])));
}
