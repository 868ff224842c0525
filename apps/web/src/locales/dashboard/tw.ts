/** 大螢幕看板與展示連結的繁體中文文字（issue 17 第 5 點）。 */
import type { Strings } from '../en';
import type { dashboardEn } from './en';

export const dashboardTw: Strings<typeof dashboardEn> = {
  screens: {
    dashboard: {
      operation: '營運大屏',
      dataShow: '資料展示',
      allMerchants: '全部商戶',
      clock: '當地時間',
      asOf: '資料截至 {{time}}',
      live: '即時',
      loading: '正在載入資料…',
      noData: '今天尚無資料',
      cupsToday: '今日出杯',
      revenueToday: '今日營業額',
      ordersToday: '{{count}} 筆訂單',
      lastWeek: '上週同期：{{value}}',
      change: '較上週 {{percent}}',
      noRevenue: '尚無銷售',
      families: '依設備類別出杯',
      products: '今日熱銷商品',
      storesMap: '門市分布',
      storesBar: '各門市出杯',
      storeTip: '{{store}}：{{machines}} 台設備，{{online}} 台在線，今日 {{cups}} 杯',
      machines: '設備狀態',
      devices: '今日各設備出杯',
      merchantKinds: '依商戶類型出杯',
      trend: '近 7 天出杯',
      badCupRate: '今日壞杯率',
      states: {
        online: '在線',
        offline: '離線',
        alarm: '警報',
        locked: '已鎖定',
        shortage: '缺料',
        maintenance: '待保養',
      },
      kinds: {
        'chain-brand': '連鎖品牌',
        distributor: '經銷商',
        manufacturer: '製造商',
        store: '門市',
        supplier: '供應商',
      },
      link: {
        createdTitle: '展示連結已產生',
        createdHint:
          '請在螢幕上開啟此網址。網址僅顯示這一次：關閉前請先複製。持有網址的人可檢視這些看板，直到連結過期或被撤銷。',
        close: '我已複製',
        hint: '無需登入即可在螢幕上顯示看板的網址：唯讀，限一個商戶（含下級商戶）或一家門市，到期或撤銷後失效。',
      },
      failed: '無法載入資料',
    },
  },
  resources: {
    'display-link': {
      title: '展示連結',
      fields: {
        merchantId: '商戶',
        storeId: '門市（留空：整個商戶）',
        name: '名稱',
        dashboards: '看板',
        expiresAt: '到期時間',
        revoke: '撤銷',
        revokedAt: '撤銷時間',
        lastUsedAt: '最後使用',
        useCount: '使用次數',
        createdAt: '建立時間',
      },
      values: {
        dashboards: { both: '兩者', operation: '營運大屏', dataShow: '資料展示' },
      },
    },
  },
};
