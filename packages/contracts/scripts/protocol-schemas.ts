/**
 * Writes the device protocol's JSON Schemas to docs/protocol-schemas/ (`npm run protocol:schemas`),
 * formatted as the repository's prettier does; files of messages no longer described are removed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import prettier from 'prettier';
import { protocolJsonSchemas } from '../src/protocol-schemas.ts';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../docs/protocol-schemas');
fs.mkdirSync(dir, { recursive: true });
const schemas = protocolJsonSchemas();
for (const file of fs.readdirSync(dir))
  if (file.endsWith('.json') && !(file.slice(0, -5) in schemas)) fs.rmSync(path.join(dir, file));
for (const [name, schema] of Object.entries(schemas)) {
  const file = path.join(dir, `${name}.json`);
  const options = (await prettier.resolveConfig(file)) ?? {};
  fs.writeFileSync(file, await prettier.format(JSON.stringify(schema), { ...options, parser: 'json' }));
}
console.log(`${Object.keys(schemas).length} schemas written to ${path.relative(process.cwd(), dir)}`);
