/**
 * Calls of the product flow beyond the generic resource ones: the next code of a code rule, and a
 * family's recipe parameters with their ranges (what the server checks recipes against).
 */
import { PARAMETER_DEFAULTS, type MachineFamily, type ParameterRange } from '@brewfleet/contracts/recipes';
import { http } from '../../api/client';
import type { Row } from '../../api/types';
import type { Page } from '@brewfleet/contracts/envelope';
import { rangesFromRows } from './recipe-check';

export const productKeys = {
  ranges: (family: string) => ['product-flow', 'ranges', family] as const,
  options: (merchantId: string) => ['product-flow', 'options', merchantId] as const,
  smallMaterials: (merchantId: string) => ['product-flow', 'small-materials', merchantId] as const,
  materials: (merchantId: string) => ['product-flow', 'materials', merchantId] as const,
};

/** The next unused code of a rule; the rule moves past it, so two users never get the same one. */
export const nextCode = (ruleId: string) =>
  http.post<{ code: string }>('/coffee/code-rule/next', { id: ruleId }).then((r) => r.code);

/**
 * The family's parameters as the platform keeps them. A user who may not read them (no product
 * parameter permission) gets the built-in defaults: the server checks against the real ones anyway.
 */
export async function parameterRanges(family: MachineFamily): Promise<ParameterRange[]> {
  try {
    const page = await http.post<Page<Row>>(
      '/coffee/product-parameter/list',
      { family, page: 1, limit: 500 },
      { quiet: true },
    );
    return rangesFromRows(page.list);
  } catch {
    return PARAMETER_DEFAULTS.filter((p) => p.family === family);
  }
}

/** Up to 500 rows of a catalog list (the flow's pickers need more than `/select` gives: units, prices…). */
export async function catalogRows(resource: string, merchantId?: string | null): Promise<Row[]> {
  const page = await http.post<Page<Row>>(`/coffee/${resource}/list`, {
    page: 1,
    limit: 500,
    ...(merchantId ? { merchantId } : {}),
  });
  return page.list;
}
