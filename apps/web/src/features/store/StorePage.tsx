/**
 * Store management: the generic resource screen with the store definition (weekday multi-select,
 * HH:mm time pickers, coordinates, photo upload). A platform user chooses the merchant; a merchant
 * user's store belongs to its own merchant unless it picks one below it.
 */
import { useMemo } from 'react';
import { storeResource } from '@brewfleet/contracts/resources/store';
import { useUserStore } from '../../app/stores/user-store';
import type { FormShape } from '../../resources/form-def';
import ResourcePage from '../../resources/ResourcePage';

const FORM: FormShape = { overrides: { merchantId: { required: true } } };

export default function StorePage() {
  const partnerType = useUserStore((s) => s.partnerType);
  const partnerId = useUserStore((s) => s.partnerId);
  const createDefaults = useMemo(
    () => (partnerType === 'merchant' && partnerId ? { merchantId: partnerId } : undefined),
    [partnerType, partnerId],
  );
  return <ResourcePage def={storeResource} form={FORM} createDefaults={createDefaults} />;
}
