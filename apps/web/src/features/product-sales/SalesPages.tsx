/**
 * The four sales screens of spec §2: store and machine products, and the same two for automatic
 * coffee machines (`produce/machine-thermoplan-product` is the automatic stores' screen,
 * `produce/thermoplan-machine-product` the automatic machines', as the menu seed titles them).
 */
import { useTranslation } from 'react-i18next';
import SalesPage from './SalesPage';

export function StoreProductsPage() {
  const { t } = useTranslation();
  return <SalesPage target="store" path="/produce-store-product" title={t('productSales.titles.store')} />;
}

export function MachineProductsPage() {
  const { t } = useTranslation();
  return (
    <SalesPage target="machine" path="/produce-machine-product" title={t('productSales.titles.machine')} />
  );
}

export function AutomaticStoreProductsPage() {
  const { t } = useTranslation();
  return (
    <SalesPage
      target="store"
      automaticOnly
      path="/produce-machine-thermoplan-product"
      title={t('productSales.titles.automaticStore')}
    />
  );
}

export function AutomaticMachineProductsPage() {
  const { t } = useTranslation();
  return (
    <SalesPage
      target="machine"
      automaticOnly
      path="/produce-thermoplan-machine-product"
      title={t('productSales.titles.automaticMachine')}
    />
  );
}
