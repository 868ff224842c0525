/**
 * Catalog rows belong to a merchant. A platform user must name it (the server answers
 * 'Choose the merchant this belongs to' otherwise); a merchant user's rows are its own unless it
 * picks a merchant below it, so the picker starts on its own merchant and may stay as it is.
 */
import { useMemo } from 'react';
import { useUserStore } from '../../app/stores/user-store';
import type { FormShape } from '../../resources/form-def';

const NO_SHAPE: FormShape = {};

/** `shape` must be stable (a module constant): the form definition is rebuilt when it changes. */
export function useOwnerForm(shape: FormShape = NO_SHAPE) {
  const partnerType = useUserStore((s) => s.partnerType);
  const partnerId = useUserStore((s) => s.partnerId);
  const form = useMemo<FormShape>(
    () => ({
      ...shape,
      overrides: { ...shape.overrides, merchantId: { required: partnerType === 'platform' } },
    }),
    [shape, partnerType],
  );
  const createDefaults = useMemo(
    () => (partnerType === 'merchant' && partnerId ? { merchantId: partnerId } : undefined),
    [partnerType, partnerId],
  );
  return { form, createDefaults };
}
