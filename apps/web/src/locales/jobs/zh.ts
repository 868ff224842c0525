/** 后台任务页面的简体中文文本（features/jobs）。 */
import type { jobsEn } from './en';
import type { Strings } from '../en';

export const jobsZh: Strings<typeof jobsEn> = {
  screens: {
    jobs: {
      title: '后台任务',
      intro: '服务器按计划或按需自动执行的工作。每个任务同一时间只在一个服务器进程中运行。',
      name: '任务',
      schedule: '计划',
      every: '每 {{count}} 秒',
      cron: '{{cron}}（{{timeZone}}）',
      onDemand: '按需运行',
      lastRun: '上次运行',
      never: '从未运行',
      nextRun: '下次运行',
      runs: '运行次数',
      failures: '失败次数',
      lastError: '最近错误',
      retries: '重试次数',
      outcome: { succeeded: '成功', failed: '失败' },
      runNow: '立即运行',
      queued: '任务即将运行。',
      alreadyQueued: '该任务已有一次运行在等待。',
      refresh: '刷新',
      empty: '尚未定义任何任务。',
    },
  },
};
