/** Administrators: the generic resource screen plus reset password. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { P } from '@brewfleet/contracts/permissions';
import { accountResource } from '@brewfleet/contracts/resources/account';
import type { Row } from '../../api/types';
import ResourcePage from '../../resources/ResourcePage';
import ResetPasswordDialog from './ResetPasswordDialog';

export default function AccountPage() {
  const { t } = useTranslation();
  const [resetting, setResetting] = useState<Row | null>(null);
  return (
    <>
      <ResourcePage
        def={accountResource}
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
