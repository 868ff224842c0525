/** English texts of the platform's background jobs screen (features/jobs). */
export const jobsEn = {
  screens: {
    jobs: {
      title: 'Background jobs',
      intro:
        'Work the server does on its own, on a schedule or when asked. Each job runs in one server process at a time.',
      name: 'Job',
      schedule: 'Schedule',
      every: 'Every {{count}} s',
      cron: '{{cron}} ({{timeZone}})',
      onDemand: 'When asked',
      lastRun: 'Last run',
      never: 'Never run',
      nextRun: 'Next run',
      runs: 'Runs',
      failures: 'Failures',
      lastError: 'Last error',
      retries: 'Retries',
      outcome: { succeeded: 'Succeeded', failed: 'Failed' },
      runNow: 'Run now',
      queued: 'The job will run in a moment.',
      alreadyQueued: 'A run of this job is already waiting.',
      refresh: 'Refresh',
      empty: 'No job has been defined yet.',
    },
  },
};
