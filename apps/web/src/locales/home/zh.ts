/** 首页经营卡片的简体中文文本（issue 17 第 6 点）：`home.business.*`。 */
export const homeBusinessZh = {
  title: '今日经营',
  zone: '今天 {{date}}（{{zone}}）',
  machines: {
    title: '设备',
    all: '全部',
    online: '在线',
    offline: '离线',
    alarm: '告警',
    locked: '已锁定',
    shortage: '缺料',
    maintenance: '待保养',
  },
  cups: {
    title: '今日杯数',
    lastWeek: '上周同一时间：{{count}}',
    badCupRate: '今日坏杯率',
    badCups: '{{reported}} 杯中 {{bad}} 杯',
    noCups: '今天还没有出杯',
    records: '出杯记录',
  },
  revenue: {
    title: '今日营收',
    lastWeek: '上周同一时间：{{amount}}',
    orders: '{{count}} 笔订单',
    none: '今天还没有销售',
    list: '订单列表',
  },
  change: {
    up: '比上周增长 {{percent}}%',
    down: '比上周下降 {{percent}}%',
    same: '与上周持平',
    new: '上周同期为零',
  },
  faults: {
    title: '未处理故障',
    none: '没有未处理的故障',
    log: '故障日志',
  },
  channels: {
    title: '即将用完的料道',
    none: '所有料道都高于低料位',
    level: '剩余 {{level}} g（低料位 {{low}} g）',
    channel: '料道 {{number}}',
  },
};
