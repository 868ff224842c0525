/**
 * The owner picker of a merchant's rows (a field with `ownerPicker`, e.g. a catalog row's or a
 * store's `merchantId`). A platform user must name the merchant (the server answers 'Choose the
 * merchant this belongs to' otherwise); a merchant user's rows are its own unless it picks a
 * merchant below it, so the picker starts on its own merchant.
 */
import { useMemo } from 'react';
import type { FieldDef, ResourceDef } from '@brewfleet/contracts/resource';
import { useUserStore } from '../app/stores/user-store';

export interface OwnerPicker {
  /** Form settings of the owner field: required for whom it must be. */
  overrides?: Record<string, Partial<FieldDef>>;
  /** Values a new row starts with: a merchant user's own merchant. */
  createDefaults?: Record<string, unknown>;
}

const NONE: OwnerPicker = {};

export function ownerField(def: ResourceDef): [string, FieldDef] | undefined {
  return Object.entries(def.fields).find(([, field]) => field.ownerPicker);
}

export function useOwnerPicker(def: ResourceDef): OwnerPicker {
  const partnerType = useUserStore((s) => s.partnerType);
  const partnerId = useUserStore((s) => s.partnerId);
  return useMemo(() => {
    const owner = ownerField(def);
    if (!owner) return NONE;
    const [key, field] = owner;
    return {
      overrides: { [key]: { required: field.ownerPicker === 'always' || partnerType === 'platform' } },
      createDefaults: partnerType === 'merchant' && partnerId ? { [key]: partnerId } : undefined,
    };
  }, [def, partnerType, partnerId]);
}
