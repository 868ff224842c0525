/** 税务页面（税务中心）与资源的简体中文文本。 */
import type { taxesEn } from './en';
import type { Strings } from '../en';

const orderType = { 'dine-in': '堂食', pack: '打包（外带）', 'platform-takeaway': '平台外卖' };
const taxType = { 'dine-in': '堂食', packaging: '打包', 'platform-takeaway': '平台外卖' };

export const taxesZh: Strings<typeof taxesEn> = {
  screens: {
    taxPages: {
      taxHint:
        '税额按其国家的规则计算：在 TW、JP、欧盟、GB、CN 和 HK，价格已含税；在 US 和 CA，税额另加在价格上。类型表示适用于哪种订单；请在“税务分配”中将其分配给商品类型和附加商品。',
      allocationHint: '每个商品类型或附加商品在每种订单类型和国家下最多只有一个税；订单类型和国家取自该税。',
      packagingHint: '包装袋与杯架（包装类附加商品）及各自的税。',
      packagingTax: '税',
      noTax: '未分配税',
    },
    taxCenter: {
      title: '税务中心',
      intro: '按当前的税务配置预览订单的税额明细，不会保存任何数据。',
      store: '门店',
      orderType: '订单类型',
      orderTypes: orderType,
      item: '商品',
      products: '商品',
      extras: '附加商品',
      quantity: '数量',
      unitPrice: '单价',
      addLine: '添加一行',
      removeLine: '移除',
      calculate: '计算',
      lineNo: '#',
      amount: '金额',
      taxName: '税',
      taxRate: '税率',
      tax: '税额',
      net: '未税金额',
      gross: '含税金额',
      noTax: '无',
      totals: '合计',
      included: '价格已含税（{{country}}）；每行税额{{rounding}}至{{unit}}。',
      excluded: '税额另加在价格上（{{country}}）；每行税额{{rounding}}至{{unit}}。',
      roundings: {
        'half-up': '四舍五入',
        'half-even': '四舍六入五成双',
        floor: '舍去零头',
        ceil: '进位',
        down: '向零舍去',
      },
      units: { '0': '整数单位', '1': '一位小数', '2': '分' },
      chooseStore: '请选择门店',
      chooseItem: '请选择商品',
    },
  },
  resources: {
    tax: {
      title: '税务',
      fields: {
        name: '税名',
        merchantId: '商户',
        country: '国家（ISO 代码）',
        type: '类型',
        taxType: '税种',
        rate: '税率（%）',
        base: '税基（课税金额的 %）',
        remarks: '备注',
      },
      values: {
        type: taxType,
        taxType: {
          vat: '增值税',
          sales: '销售税',
          consumption: '消费税',
          gst: '商品及服务税',
          business: '营业税',
          other: '其他',
        },
      },
    },
    'tax-allocation': {
      title: '税务分配',
      fields: {
        taxId: '税',
        productTypeId: '商品类型',
        extraProductId: '附加商品',
        orderType: '订单类型',
        country: '国家',
      },
      values: { orderType },
    },
  },
};
