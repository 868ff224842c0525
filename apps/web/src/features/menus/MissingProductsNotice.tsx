/**
 * Products a release leaves out because its store does not sell them (yet): a new product reaches a
 * store's menu only through Store Products. Named in the release preview with a button that adds
 * them to the store's products; the server builds a draft again with them
 * (menus/missing-products.ts), and the preview shows it.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App } from 'antd';
import { useTranslation } from 'react-i18next';
import { P } from '@brewfleet/contracts/permissions';
import type { Row } from '../../api/types';
import { useHasPermission } from '../../app/stores/permission-store';
import { resourceKeys } from '../../resources/use-ref-options';
import { menuApi } from './menu-api';
import { Button } from '../../components/Button';

interface Props {
  release: Row;
  /** After the products were added: the release as the server now has it. */
  onAdded: () => void;
}

export default function MissingProductsNotice({ release, onAdded }: Props) {
  const { t } = useTranslation();
  const can = useHasPermission();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const missing = useQuery({
    queryKey: ['menu-release', 'missing-products', release.id],
    queryFn: () => menuApi.missingProducts(release.id),
    enabled: !!release.storeId,
  });
  const add = useMutation({
    mutationFn: () => menuApi.addMissingProducts(release.id),
    onSuccess: async (result) => {
      void message.success(
        t(result.rebuilt ? 'menuDistribution.preview.addedRebuilt' : 'menuDistribution.preview.addedPushed'),
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['menu-release', 'missing-products', release.id] }),
        queryClient.invalidateQueries({ queryKey: resourceKeys.all('store-product') }),
        queryClient.invalidateQueries({ queryKey: resourceKeys.all('menu-release') }),
      ]);
      onAdded();
    },
  });
  const products = missing.data?.products ?? [];
  if (!products.length) return null;
  return (
    <Alert
      type="warning"
      showIcon
      className="menu-missing-products"
      data-testid="missing-products"
      title={t('menuDistribution.preview.missingTitle', { count: products.length })}
      description={t('menuDistribution.preview.missingText', {
        names: products.map((p) => `${p.name} (${p.code})`).join(', '),
      })}
      action={
        can(P.storeProduct.create) && (
          <Button
            size="small"
            loading={add.isPending}
            onClick={() => add.mutate()}
            data-testid="add-missing-products"
          >
            {t('menuDistribution.preview.addMissing')}
          </Button>
        )
      }
    />
  );
}
