/** 大屏看板与展示链接的简体中文文本（issue 17 第 5 点）。 */
import type { Strings } from '../en';
import type { dashboardEn } from './en';

export const dashboardZh: Strings<typeof dashboardEn> = {
  screens: {
    dashboard: {
      operation: '运营大屏',
      dataShow: '数据展示',
      allMerchants: '全部商户',
      clock: '当地时间',
      asOf: '数据截至 {{time}}',
      live: '实时',
      loading: '正在加载数据…',
      noData: '今天暂无数据',
      cupsToday: '今日出杯',
      revenueToday: '今日营业额',
      ordersToday: '{{count}} 笔订单',
      lastWeek: '上周同期：{{value}}',
      change: '较上周 {{percent}}',
      noRevenue: '暂无销售',
      families: '按设备类别出杯',
      products: '今日热销商品',
      storesMap: '门店分布',
      storesBar: '各门店出杯',
      storeTip: '{{store}}：{{machines}} 台设备，{{online}} 台在线，今日 {{cups}} 杯',
      machines: '设备状态',
      devices: '今日各设备出杯',
      merchantKinds: '按商户类型出杯',
      trend: '近 7 天出杯',
      badCupRate: '今日坏杯率',
      states: {
        online: '在线',
        offline: '离线',
        alarm: '告警',
        locked: '已锁定',
        shortage: '缺料',
        maintenance: '待保养',
      },
      kinds: {
        'chain-brand': '连锁品牌',
        distributor: '经销商',
        manufacturer: '制造商',
        store: '门店',
        supplier: '供应商',
      },
      link: {
        createdTitle: '展示链接已生成',
        createdHint:
          '请在屏幕上打开此地址。地址仅显示这一次：关闭前请先复制。持有地址的人可查看这些看板，直到链接过期或被撤销。',
        close: '我已复制',
        hint: '无需登录即可在屏幕上显示看板的地址：只读，限一个商户（含下级商户）或一家门店，到期或撤销后失效。',
      },
      failed: '无法加载数据',
    },
  },
  resources: {
    'display-link': {
      title: '展示链接',
      fields: {
        merchantId: '商户',
        storeId: '门店（留空：整个商户）',
        name: '名称',
        dashboards: '看板',
        expiresAt: '到期时间',
        revoke: '撤销',
        revokedAt: '撤销时间',
        lastUsedAt: '最后使用',
        useCount: '使用次数',
        createdAt: '创建时间',
      },
      values: {
        dashboards: { both: '两者', operation: '运营大屏', dataShow: '数据展示' },
      },
    },
  },
};
