/**
 * A menu's products as a machine gets them, one table per machine family: code, name, price, recipe
 * (version and steps), options with their price changes, toppings. Used to review a release before
 * pushing it, and to show what a store or a machine runs.
 */
import { Empty, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { MenuProduct } from '@brewfleet/contracts/menu-protocol';
import { nameIn } from '@brewfleet/contracts/localized-names';
import { useAppStore } from '../../app/stores/app-store';
import { enumLabelKey } from '../../resources/field-meta';
import { formatMoney } from '../../utils/format';
import { byFamily, recipeLines } from './menu-content';

type Product = MenuProduct & { productId?: string };

interface Props {
  products: readonly Product[];
  /** Heading level of the family titles, under the caller's own heading. */
  level?: 3 | 4;
  /** Shown when there is no product. */
  empty?: string;
}

export default function MenuContentView({ products, level = 3, empty }: Props) {
  const { t } = useTranslation();
  const language = useAppStore((s) => s.language);
  if (!products.length)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty ?? t('menuContent.none')} />;

  const columns: ColumnsType<Product> = [
    { key: 'code', dataIndex: 'code', title: t('menuContent.code'), width: 110 },
    // Names as the machine shows them to a customer of the console's language.
    {
      key: 'name',
      dataIndex: 'name',
      title: t('menuContent.name'),
      render: (_: unknown, product) => nameIn(product, language),
    },
    {
      key: 'price',
      dataIndex: 'price',
      title: t('menuContent.price'),
      width: 110,
      render: (price: string) => formatMoney(price, t),
    },
    {
      key: 'recipe',
      title: t('menuContent.recipe'),
      render: (_: unknown, product) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text>
            {t('menuContent.recipeVersion', { version: product.recipeVersion })}
          </Typography.Text>
          {recipeLines(product, language, t).map((line, i) => (
            <Typography.Text key={i} type="secondary" className="menu-recipe-line">
              {line}
            </Typography.Text>
          ))}
        </Space>
      ),
    },
    {
      key: 'options',
      title: t('menuContent.options'),
      render: (_: unknown, product) =>
        product.options.length ? (
          <Space size={[0, 4]} wrap>
            {product.options.map((o, i) => (
              <Tag key={i}>
                {`${nameIn({ name: o.type, names: o.typeNames }, language)}: ${nameIn(o, language)}`}
                {Number(o.priceChange) !== 0 && ` (${formatMoney(o.priceChange, t)})`}
                {o.isDefault && ` · ${t('menuContent.default')}`}
              </Tag>
            ))}
          </Space>
        ) : (
          <Typography.Text type="secondary">{t('common.none')}</Typography.Text>
        ),
    },
    {
      key: 'toppings',
      title: t('menuContent.toppings'),
      render: (_: unknown, product) =>
        product.toppings.length ? (
          <Space size={[0, 4]} wrap>
            {product.toppings.map((topping, i) => (
              <Tag key={i}>
                {nameIn(topping, language)}
                {topping.charged ? ` (${formatMoney(topping.price, t)})` : ` (${t('menuContent.free')})`}
              </Tag>
            ))}
          </Space>
        ) : (
          <Typography.Text type="secondary">{t('common.none')}</Typography.Text>
        ),
    },
  ];

  return (
    <div className="menu-content" data-testid="menu-content">
      {byFamily(products).map(([family, list]) => (
        <section key={family} className="menu-family" data-family={family}>
          <Typography.Title level={level} className="menu-family-title">
            {t('menuContent.family', {
              family: t(enumLabelKey('device', 'family', family)),
              count: list.length,
            })}
          </Typography.Title>
          <Table<Product>
            rowKey={(p) => p.productId ?? p.code}
            size="small"
            pagination={false}
            columns={columns}
            dataSource={list}
          />
        </section>
      ))}
    </div>
  );
}
