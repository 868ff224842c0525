/**
 * Server messages of the data center (issue 17 point 9), in the three languages; part of MESSAGES
 * (messages.ts). Each names what to change, so a bad range or filter is fixed at once.
 */
export const DATA_CENTER_MESSAGES = {
  'msg.statRangeReversed': {
    status: 400,
    en: 'The range starts on {{from}}, after its end {{to}}: swap the dates',
    zh: '开始日期 {{from}} 晚于结束日期 {{to}}：请交换日期',
    tw: '開始日期 {{from}} 晚於結束日期 {{to}}：請交換日期',
  },
  'msg.statRangeTooLong': {
    status: 400,
    en: 'The range spans {{days}} days: at most {{max}} days',
    zh: '日期范围为 {{days}} 天：最多 {{max}} 天',
    tw: '日期範圍為 {{days}} 天：最多 {{max}} 天',
  },
  'msg.statHourRangeTooLong': {
    status: 400,
    en: 'By hour, the range spans at most {{max}} days (it spans {{days}}): choose fewer days or group by day',
    zh: '按小时统计时日期范围最多 {{max}} 天（当前 {{days}} 天）：请缩短范围或按天统计',
    tw: '按小時統計時日期範圍最多 {{max}} 天（目前 {{days}} 天）：請縮短範圍或按天統計',
  },
  'msg.statDimensionRefused': {
    status: 400,
    en: 'The page {{page}} cannot be grouped by {{by}}: choose one of {{allowed}}',
    zh: '页面 {{page}} 不能按 {{by}} 分组：请选择 {{allowed}}',
    tw: '頁面 {{page}} 不能按 {{by}} 分組：請選擇 {{allowed}}',
  },
  'msg.statFilterRequired': {
    status: 400,
    en: 'The page {{page}} needs the filter {{filter}}',
    zh: '页面 {{page}} 需要筛选条件 {{filter}}',
    tw: '頁面 {{page}} 需要篩選條件 {{filter}}',
  },
  'msg.statDayInvalid': {
    status: 400,
    en: '{{day}} is not a date',
    zh: '{{day}} 不是有效日期',
    tw: '{{day}} 不是有效日期',
  },
  'msg.trialEstimateVolume': {
    status: 400,
    en: 'Give one of the extraction flow, the water in or the cup volume: each gives the other two',
    zh: '请填写萃取流速、进水量或杯量中的一项：其余两项由它推算',
    tw: '請填寫萃取流速、進水量或杯量其中一項：其餘兩項由它推算',
  },
  'log.stats.rebuild': {
    en: 'Rebuilt the statistics from raw rows',
    zh: '从原始数据重建统计',
    tw: '從原始資料重建統計',
  },
} as const;
