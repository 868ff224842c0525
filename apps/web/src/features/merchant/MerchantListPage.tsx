/**
 * Merchant list: the generic resource screen with the merchant definition (superior picker, import
 * with progress, export), plus suspend/resume and the masked keys with their reveal buttons.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { P } from '@brewfleet/contracts/permissions';
import { merchantResource } from '@brewfleet/contracts/resources/merchant';
import type { Row } from '../../api/types';
import ResourcePage from '../../resources/ResourcePage';
import SecretsDialog from '../../resources/SecretsDialog';
import { useUserStore } from '../../app/stores/user-store';
import { isSuspended, useSuspendMerchant } from './use-suspend-merchant';
import { useOwnMerchantForm } from './own-merchant-form';

export default function MerchantListPage() {
  const { t } = useTranslation();
  const [secretsOf, setSecretsOf] = useState<Row | null>(null);
  const toggleStatus = useSuspendMerchant();
  const ownMerchantId = useUserStore((s) => (s.partnerType === 'merchant' ? s.partnerId : ''));
  const form = useOwnMerchantForm();
  return (
    <>
      <ResourcePage
        def={merchantResource}
        form={form}
        rowActions={[
          {
            key: 'status',
            label: (row) => t(isSuspended(row) ? 'merchants.resume' : 'merchants.suspend'),
            permission: P.merchant.update,
            // Nobody suspends their own merchant (the server refuses it too); its superior may.
            shown: (row) => String(row.id) !== ownMerchantId,
            onClick: toggleStatus,
          },
          { key: 'keys', label: t('secrets.open'), onClick: setSecretsOf },
        ]}
      />
      <SecretsDialog def={merchantResource} row={secretsOf} onClose={() => setSecretsOf(null)} />
    </>
  );
}
