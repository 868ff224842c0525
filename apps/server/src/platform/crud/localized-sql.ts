/**
 * Names per language in SQL (contracts localized-names.ts): a row's name in the viewer's language,
 * falling back to its default `name`, and the text a keyword search matches (every name it has).
 */
import { sql, type SQL } from 'drizzle-orm';
import { LANGUAGES, type Language } from '@brewfleet/contracts';

/** `name` in `lang`: that language's own name when it has one, else the default. */
export const nameInSql = (names: SQL | unknown, name: SQL | unknown, lang: Language): SQL =>
  sql`coalesce(nullif(${names} ->> ${lang}::text, ''), ${name}::text)`;

/** Every name of a row, for a keyword to match any of them. */
export const allNamesSql = (names: SQL | unknown, name: SQL | unknown): SQL =>
  sql`concat_ws(' ', ${name}::text, ${sql.join(
    LANGUAGES.map((l) => sql`${names} ->> ${l}::text`),
    sql`, `,
  )})`;
