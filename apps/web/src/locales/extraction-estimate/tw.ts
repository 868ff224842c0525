/** 萃取估算（issue 17 §3）的繁體中文文字：資料中心對單杯濃度、萃取率和標籤的估算。 */
import type { Strings } from '../en';
import type { extractionEstimateEn } from './en';

export const extractionEstimateTw: Strings<typeof extractionEstimateEn> = {
  screens: {
    extractionEstimate: {
      title: '萃取估算',
      intro:
        '依咖啡機上報的資料描述一杯咖啡，查看資料中心對它的判斷：估算的濃度（TDS）和萃取率、對應的 SCA 標籤，以及它在沖煮控制圖上的位置。機器所屬商戶、型號和配方決定所用的萃取參數和校準，與其真實出杯相同。不儲存任何資料。',
      fields: {
        deviceId: '機器',
        productCode: '商品編碼（配方）',
        powderG: '粉量（克）',
        extractionS: '萃取時間（秒）',
        volumeBy: '水量填寫方式',
        extractionFlowMlPerS: '萃取流速（毫升/秒）',
        waterG: '進水量（克）',
        cupG: '杯量（克）',
        soakFlowMlPerS: '預浸流速（毫升/秒）',
        soakTimeS: '預浸時間（秒）',
        temperatureC: '水溫（°C）',
      },
      volumeBy: { flow: '流速', water: '進水量', cup: '杯量' },
      chooseMachine: '請選擇咖啡機',
      anyRecipe: '留空：任意配方',
      referenceTemperature: '留空：依萃取參數的參考值',
      noSoak: '留空：不預浸',
      calculate: '估算',
      result: {
        tds: '估算 TDS',
        yield: '估算萃取率',
        label: 'SCA 標籤',
        region: '濃度{{strength}}，萃取{{extraction}}',
        waterG: '進水量',
        beverageG: '杯量',
        flow: '萃取流速',
        profile: '判斷依據',
        profileOf: '{{profile}}（{{kind}}），型號 {{model}}',
        golden: '該萃取參數的金杯區間',
        goldenRange: 'TDS {{tdsLow}}–{{tdsHigh}} %，萃取率 {{yieldLow}}–{{yieldHigh}} %',
        factor: '校準係數',
        factorOf: '×{{factor}}（{{count}} 次折光儀讀數）',
        uncalibrated: '×1（尚無折光儀讀數）',
        noProfile: '此機器和配方沒有適用的萃取參數：其出杯不做標籤。',
        noEstimate: '這些讀數無法估算：請確認水量多於預浸和粉餅吸收的水。',
      },
      strength: { strong: '濃', medium: '中等', weak: '淡' },
      extraction: { acid: '不足（偏酸）', balance: '理想（平衡）', bitter: '過度（偏苦）' },
      chart: {
        title: '沖煮控制圖：這杯的位置',
        x: '萃取率（%）',
        y: 'TDS（%）',
        cup: '這杯',
      },
      units: { g: '克', s: '秒', percent: '%', flow: '毫升/秒' },
    },
  },
};
