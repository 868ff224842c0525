/** 萃取漂移（议题 17 第 4 点）的简体中文文字：数据中心页面与机器详情卡片。 */
import type { Strings } from '../en';
import type { driftEn } from './en';

export const driftZh: Strings<typeof driftEn> = {
  screens: {
    drift: {
      title: '萃取漂移',
      hint: '每台咖啡机最近的出杯与其过去一周及同型号机群比较。在坏杯率上升前发现漂移的机器：请检查其磨豆机、泵、加热器或压粉器。',
      filters: { state: '状态', metric: '指标', allStates: '全部状态', allMetrics: '全部指标' },
      columns: {
        machine: '机器',
        store: '门店',
        metric: '指标',
        state: '状态',
        recent: '最近',
        baseline: '基线',
        z: 'z',
        fleetZ: 'z（机群）',
        since: '开始于',
        checkedAt: '检查时间',
      },
      states: { drifting: '漂移', watch: '关注', normal: '正常' },
      direction: { up: '偏高', down: '偏低' },
      metrics: {
        pressureBar: '压力',
        extractionFlowMlPerS: '萃取流速',
        temperatureC: '温度',
        grind: '研磨度',
        tampingForceN: '压粉力',
        extractionSeconds: '萃取时间',
      },
      units: {
        pressureBar: 'bar',
        extractionFlowMlPerS: 'ml/s',
        temperatureC: '°C',
        grind: '度',
        tampingForceN: 'N',
        extractionSeconds: '秒',
      },
      baselineValue: '{{mean}} ± {{sd}}',
      noBaseline: '尚无基线',
      evidence: {
        title: '证据：{{machine}}',
        range: '合格出杯的每小时平均值，{{from}} – {{to}}',
        series: '每小时平均',
        band: '自身正常范围',
        fleetBand: '机群范围',
        cups: '最近 {{count}} 杯',
        none: '最近 48 小时没有咖啡出杯。',
        chart: '{{machine}} 的{{metric}}：每小时平均值与基线范围',
      },
      card: {
        title: '萃取漂移',
        normal: '所有指标都在正常范围内。',
        noData: '咖啡出杯尚不足以建立基线。',
        evidence: '证据',
      },
    },
  },
};
