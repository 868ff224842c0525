// @vitest-environment node
/**
 * The console's buttons all have the click guard because ESLint refuses antd's Button outside
 * components/Button.tsx: this runs the repository's real ESLint configuration on a new page.
 */
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function restricted(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe("ESLint refuses antd's Button outside the console's Button", () => {
  const page = 'apps/web/src/features/new-page/NewPage.tsx';

  it('a direct import, alone or among others', async () => {
    expect(await restricted("import { Button } from 'antd';\nexport const B = Button;\n", page)).toEqual([
      expect.stringContaining('components/Button.tsx'),
    ]);
    expect(
      await restricted("import { Card, Button as B } from 'antd';\nexport const x = [Card, B];\n", page),
    ).toHaveLength(1);
    expect(await restricted("import B from 'antd/es/button';\nexport const x = B;\n", page)).toHaveLength(1);
  });

  it("lets the page use antd's other parts and the guarded Button", async () => {
    const code =
      "import { Card } from 'antd';\nimport { Button } from '../../components/Button';\nexport const x = [Card, Button];\n";
    expect(await restricted(code, page)).toEqual([]);
  });

  it('lets the console Button itself wrap antd', async () => {
    expect(
      await restricted(
        "import { Button } from 'antd';\nexport const B = Button;\n",
        'apps/web/src/components/Button.tsx',
      ),
    ).toEqual([]);
  });
});
