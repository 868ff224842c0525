/** Roles: the generic resource screen plus authorize (menus and permission codes). */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { P } from '@brewfleet/contracts/permissions';
import { roleResource } from '@brewfleet/contracts/resources/role';
import type { Row } from '../../api/types';
import ResourcePage from '../../resources/ResourcePage';
import { resourceKeys } from '../../resources/use-ref-options';
import AuthorizeDialog from './AuthorizeDialog';

export default function RolePage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [authorizing, setAuthorizing] = useState<Row | null>(null);
  const close = useCallback(() => setAuthorizing(null), []);
  const saved = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: resourceKeys.all('role') }),
    [queryClient],
  );
  return (
    <>
      <ResourcePage
        def={roleResource}
        rowActions={[
          {
            key: 'authorize',
            label: t('role.authorize'),
            permission: P.role.authorize,
            onClick: setAuthorizing,
          },
        ]}
      />
      <AuthorizeDialog role={authorizing} onClose={close} onSaved={saved} />
    </>
  );
}
