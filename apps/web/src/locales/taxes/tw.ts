/** 稅務頁面（稅務中心）與資源的繁體中文文字。 */
import type { taxesEn } from './en';
import type { Strings } from '../en';

const orderType = { 'dine-in': '內用', pack: '外帶', 'platform-takeaway': '平台外送' };
const taxType = { 'dine-in': '內用', packaging: '外帶包裝', 'platform-takeaway': '平台外送' };

export const taxesTw: Strings<typeof taxesEn> = {
  screens: {
    taxPages: {
      taxHint:
        '稅額依其國家的規則計算：在 TW、JP、歐盟、GB、CN 與 HK，價格已含稅；在 US 與 CA，稅額另加於價格上。類型表示適用於哪種訂單；請於「稅務分配」將其分配給商品類型與附加商品。',
      allocationHint: '每個商品類型或附加商品在每種訂單類型與國家下最多只有一項稅；訂單類型與國家取自該稅。',
      packagingHint: '包裝袋與杯架（包裝類附加商品）及各自的稅。',
      packagingTax: '稅',
      noTax: '未分配稅',
    },
    taxCenter: {
      title: '稅務中心',
      intro: '依目前的稅務設定預覽訂單的稅額明細，不會儲存任何資料。',
      store: '門市',
      orderType: '訂單類型',
      orderTypes: orderType,
      item: '商品',
      products: '商品',
      extras: '附加商品',
      quantity: '數量',
      unitPrice: '單價',
      addLine: '新增一行',
      removeLine: '移除',
      calculate: '計算',
      lineNo: '#',
      amount: '金額',
      taxName: '稅',
      taxRate: '稅率',
      tax: '稅額',
      net: '未稅金額',
      gross: '含稅金額',
      noTax: '無',
      totals: '合計',
      included: '價格已含稅（{{country}}）；每行稅額{{rounding}}至{{unit}}。',
      excluded: '稅額另加於價格上（{{country}}）；每行稅額{{rounding}}至{{unit}}。',
      roundings: {
        'half-up': '四捨五入',
        'half-even': '四捨六入五成雙',
        floor: '捨去零頭',
        ceil: '進位',
        down: '向零捨去',
      },
      units: { '0': '整數單位', '1': '一位小數', '2': '分' },
      chooseStore: '請選擇門市',
      chooseItem: '請選擇商品',
    },
  },
  resources: {
    tax: {
      title: '稅務',
      fields: {
        name: '稅名',
        merchantId: '商戶',
        country: '國家（ISO 代碼）',
        type: '類型',
        taxType: '稅別',
        rate: '稅率（%）',
        base: '稅基（課稅金額的 %）',
        remarks: '備註',
      },
      values: {
        type: taxType,
        taxType: {
          vat: '加值型營業稅（VAT）',
          sales: '銷售稅',
          consumption: '消費稅',
          gst: '商品及服務稅',
          business: '營業稅',
          other: '其他',
        },
      },
    },
    'tax-allocation': {
      title: '稅務分配',
      fields: {
        taxId: '稅',
        productTypeId: '商品類型',
        extraProductId: '附加商品',
        orderType: '訂單類型',
        country: '國家',
      },
      values: { orderType },
    },
  },
};
