/**
 * One's own merchant keeps its status and superior: the server refuses its administrator a change
 * of either (a merchant neither suspends nor moves itself; its superior may). Its edit form, from
 * the merchant list or the grade relation, shows them without letting them change, and does not
 * send them.
 */
import { useMemo } from 'react';
import { useUserStore } from '../../app/stores/user-store';
import type { FormShape } from '../../resources/form-def';

const OWN_MERCHANT_FIXED = ['status', 'parentId'] as const;

/** The merchant form of the signed-in user: its own merchant's row with those two fixed. */
export function useOwnMerchantForm(): FormShape {
  const ownMerchantId = useUserStore((s) => (s.partnerType === 'merchant' ? s.partnerId : ''));
  return useMemo(
    () => ({ fixedOnEdit: (id) => (ownMerchantId && id === ownMerchantId ? OWN_MERCHANT_FIXED : []) }),
    [ownMerchantId],
  );
}
