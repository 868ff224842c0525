/** 首頁經營卡片的繁體中文文字（issue 17 第 6 點）：`home.business.*`。 */
export const homeBusinessTw = {
  title: '今日營運',
  zone: '今天 {{date}}（{{zone}}）',
  machines: {
    title: '設備',
    all: '全部',
    online: '上線',
    offline: '離線',
    alarm: '警報',
    locked: '已鎖定',
    shortage: '缺料',
    maintenance: '待保養',
  },
  cups: {
    title: '今日杯數',
    lastWeek: '上週同一時間：{{count}}',
    badCupRate: '今日壞杯率',
    badCups: '{{reported}} 杯中 {{bad}} 杯',
    noCups: '今天還沒有出杯',
    records: '出杯紀錄',
  },
  revenue: {
    title: '今日營收',
    lastWeek: '上週同一時間：{{amount}}',
    orders: '{{count}} 筆訂單',
    none: '今天還沒有銷售',
    list: '訂單列表',
  },
  change: {
    up: '比上週成長 {{percent}}%',
    down: '比上週減少 {{percent}}%',
    same: '與上週持平',
    new: '上週同期為零',
  },
  faults: {
    title: '未處理故障',
    none: '沒有未處理的故障',
    log: '故障日誌',
  },
  channels: {
    title: '即將用完的料道',
    none: '所有料道都高於低料位',
    level: '剩餘 {{level}} g（低料位 {{low}} g）',
    channel: '料道 {{number}}',
  },
};
