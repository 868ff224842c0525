/**
 * Merchant accounts and store accounts: the account screen narrowed to one kind of account (a fixed
 * `partnerType` filter) with the form fields that kind needs: a merchant picker for a merchant's
 * staff, a store picker for a store's staff (its merchant follows the store).
 */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { P } from '@brewfleet/contracts/permissions';
import { accountResource } from '@brewfleet/contracts/resources/account';
import type { Row } from '../../api/types';
import { useUserStore } from '../../app/stores/user-store';
import type { FormShape } from '../../resources/form-def';
import ResourcePage from '../../resources/ResourcePage';
import ResetPasswordDialog from './ResetPasswordDialog';

type Kind = 'merchant' | 'store';

const COMMON_FIELDS = ['phone', 'email', 'roleIds', 'status', 'notes'] as const;
const FORMS: Record<Kind, FormShape> = {
  merchant: {
    fields: ['account', 'name', 'password', 'confirmPassword', 'merchantId', ...COMMON_FIELDS],
    overrides: { merchantId: { required: true } },
  },
  store: {
    fields: ['account', 'name', 'password', 'confirmPassword', 'storeId', ...COMMON_FIELDS],
    overrides: { storeId: { required: true } },
  },
};

function PartnerAccountPage({ kind }: { kind: Kind }) {
  const { t } = useTranslation();
  const [resetting, setResetting] = useState<Row | null>(null);
  const partnerType = useUserStore((s) => s.partnerType);
  const partnerId = useUserStore((s) => s.partnerId);
  const fixedFilters = useMemo(() => ({ partnerType: kind }), [kind]);
  // A merchant's own staff: its merchant is the natural choice; a store user's, its store.
  const createDefaults = useMemo(() => {
    if (kind === 'merchant' && partnerType === 'merchant') return { merchantId: partnerId };
    if (kind === 'store' && partnerType === 'store') return { storeId: partnerId };
    return undefined;
  }, [kind, partnerType, partnerId]);
  return (
    <>
      <ResourcePage
        def={accountResource}
        title={t(`partnerAccount.${kind}Title`)}
        form={FORMS[kind]}
        fixedFilters={fixedFilters}
        createDefaults={createDefaults}
        rowActions={[
          {
            key: 'resetPassword',
            label: t('account.resetPassword'),
            permission: P.account.resetPassword,
            onClick: setResetting,
          },
        ]}
      />
      <ResetPasswordDialog account={resetting} onClose={() => setResetting(null)} />
    </>
  );
}

export function MerchantAccountPage() {
  return <PartnerAccountPage kind="merchant" />;
}

export function StoreAccountPage() {
  return <PartnerAccountPage kind="store" />;
}
