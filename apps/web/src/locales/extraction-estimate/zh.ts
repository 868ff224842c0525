/** 萃取估算（issue 17 §3）的简体中文文本：数据中心对单杯浓度、萃取率和标签的估算。 */
import type { Strings } from '../en';
import type { extractionEstimateEn } from './en';

export const extractionEstimateZh: Strings<typeof extractionEstimateEn> = {
  screens: {
    extractionEstimate: {
      title: '萃取估算',
      intro:
        '按咖啡机上报的数据描述一杯咖啡，查看数据中心对它的判断：估算的浓度（TDS）和萃取率、对应的 SCA 标签，以及它在冲煮控制图上的位置。机器所属商户、型号和配方决定所用的萃取参数和校准，与其真实出杯相同。不保存任何数据。',
      fields: {
        deviceId: '机器',
        productCode: '商品编码（配方）',
        powderG: '粉量（克）',
        extractionS: '萃取时间（秒）',
        volumeBy: '水量填写方式',
        extractionFlowMlPerS: '萃取流速（毫升/秒）',
        waterG: '进水量（克）',
        cupG: '杯量（克）',
        soakFlowMlPerS: '预浸流速（毫升/秒）',
        soakTimeS: '预浸时间（秒）',
        temperatureC: '水温（°C）',
      },
      volumeBy: { flow: '流速', water: '进水量', cup: '杯量' },
      chooseMachine: '请选择咖啡机',
      anyRecipe: '留空：任意配方',
      referenceTemperature: '留空：按萃取参数的参考值',
      noSoak: '留空：不预浸',
      calculate: '估算',
      result: {
        tds: '估算 TDS',
        yield: '估算萃取率',
        label: 'SCA 标签',
        region: '浓度{{strength}}，萃取{{extraction}}',
        waterG: '进水量',
        beverageG: '杯量',
        flow: '萃取流速',
        profile: '判断依据',
        profileOf: '{{profile}}（{{kind}}），型号 {{model}}',
        golden: '该萃取参数的金杯区间',
        goldenRange: 'TDS {{tdsLow}}–{{tdsHigh}} %，萃取率 {{yieldLow}}–{{yieldHigh}} %',
        factor: '校准系数',
        factorOf: '×{{factor}}（{{count}} 次折光仪读数）',
        uncalibrated: '×1（尚无折光仪读数）',
        noProfile: '此机器和配方没有适用的萃取参数：其出杯不做标签。',
        noEstimate: '这些读数无法估算：请确认水量多于预浸和粉饼吸收的水。',
      },
      strength: { strong: '浓', medium: '中等', weak: '淡' },
      extraction: { acid: '不足（偏酸）', balance: '理想（平衡）', bitter: '过度（偏苦）' },
      chart: {
        title: '冲煮控制图：这杯的位置',
        x: '萃取率（%）',
        y: 'TDS（%）',
        cup: '这杯',
      },
      units: { g: '克', s: '秒', percent: '%', flow: '毫升/秒' },
    },
  },
};
