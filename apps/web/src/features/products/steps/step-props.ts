/** What every step of the product flow gets from the flow. */
import { createContext, useCallback, useContext } from 'react';
import type { ProductDraft } from '../product-draft';
import type { StepContext } from '../product-steps';
import type { StepMessage } from '../use-product-wizard';
import type { WizardMode } from '../wizard-routes';

export interface StepProps {
  draft: ProductDraft;
  update: (change: (draft: ProductDraft) => ProductDraft) => void;
  /** The first message of each path, for the field showing it. */
  errors: Record<string, string>;
  /** Every message of the step, for summaries. */
  messages: StepMessage[];
  ctx: StepContext;
  mode: WizardMode;
  /** The product's merchant: pickers offer its catalog (undefined: whatever the user sees). */
  merchantScope: string | undefined;
}

/**
 * The flow's route, which starts the ids of its fields: several flows may be open in tabs at once
 * (kept alive, hidden), and a label must find its own field, not the one of another tab.
 */
export const FieldIdScope = createContext('product');

/** A DOM id for a draft path ('materials.0.amount' → 'produce-name-create-materials-0-amount'). */
export function useFieldId(): (path: string) => string {
  const scope = useContext(FieldIdScope);
  return useCallback((path: string) => `${scope}-${path.replace(/\./g, '-')}`, [scope]);
}

/** Replaces one item of a list. */
export const replaceAt = <T>(list: readonly T[], index: number, item: T): T[] =>
  list.map((x, i) => (i === index ? item : x));
