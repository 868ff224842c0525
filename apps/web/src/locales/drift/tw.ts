/** 萃取漂移（議題 17 第 4 點）的繁體中文文字：資料中心頁面與機器詳情卡片。 */
import type { Strings } from '../en';
import type { driftEn } from './en';

export const driftTw: Strings<typeof driftEn> = {
  screens: {
    drift: {
      title: '萃取漂移',
      hint: '每台咖啡機最近的出杯與其過去一週及同型號機群比較。在壞杯率上升前發現漂移的機器：請檢查其磨豆機、幫浦、加熱器或壓粉器。',
      filters: { state: '狀態', metric: '指標', allStates: '全部狀態', allMetrics: '全部指標' },
      columns: {
        machine: '機器',
        store: '門市',
        metric: '指標',
        state: '狀態',
        recent: '最近',
        baseline: '基線',
        z: 'z',
        fleetZ: 'z（機群）',
        since: '開始於',
        checkedAt: '檢查時間',
      },
      states: { drifting: '漂移', watch: '關注', normal: '正常' },
      direction: { up: '偏高', down: '偏低' },
      metrics: {
        pressureBar: '壓力',
        extractionFlowMlPerS: '萃取流速',
        temperatureC: '溫度',
        grind: '研磨度',
        tampingForceN: '壓粉力',
        extractionSeconds: '萃取時間',
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
      noBaseline: '尚無基線',
      evidence: {
        title: '證據：{{machine}}',
        range: '合格出杯的每小時平均值，{{from}} – {{to}}',
        series: '每小時平均',
        band: '自身正常範圍',
        fleetBand: '機群範圍',
        cups: '最近 {{count}} 杯',
        none: '最近 48 小時沒有咖啡出杯。',
        chart: '{{machine}} 的{{metric}}：每小時平均值與基線範圍',
      },
      card: {
        title: '萃取漂移',
        normal: '所有指標都在正常範圍內。',
        noData: '咖啡出杯尚不足以建立基線。',
        evidence: '證據',
      },
    },
  },
};
