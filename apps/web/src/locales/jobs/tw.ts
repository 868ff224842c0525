/** 背景工作頁面的繁體中文文字（features/jobs）。 */
import type { jobsEn } from './en';
import type { Strings } from '../en';

export const jobsTw: Strings<typeof jobsEn> = {
  screens: {
    jobs: {
      title: '背景工作',
      intro: '伺服器依排程或依需求自動執行的工作。每項工作同一時間只在一個伺服器處理程序中執行。',
      name: '工作',
      schedule: '排程',
      every: '每 {{count}} 秒',
      cron: '{{cron}}（{{timeZone}}）',
      onDemand: '依需求執行',
      lastRun: '上次執行',
      never: '從未執行',
      nextRun: '下次執行',
      runs: '執行次數',
      failures: '失敗次數',
      lastError: '最近錯誤',
      retries: '重試次數',
      outcome: { succeeded: '成功', failed: '失敗' },
      runNow: '立即執行',
      queued: '工作即將執行。',
      alreadyQueued: '這項工作已有一次執行在等候。',
      refresh: '重新整理',
      empty: '尚未定義任何工作。',
    },
  },
};
