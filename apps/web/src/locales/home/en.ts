/** English texts of the home page's business cards (issue 17 point 6): `home.business.*`. */
export const homeBusinessEn = {
  title: 'Your business today',
  zone: 'Today, {{date}} ({{zone}})',
  machines: {
    title: 'Machines',
    all: 'All',
    online: 'Online',
    offline: 'Offline',
    alarm: 'Alarm',
    locked: 'Locked',
    shortage: 'Short of material',
    maintenance: 'Maintenance due',
  },
  cups: {
    title: 'Cups today',
    lastWeek: 'Same time last week: {{count}}',
    badCupRate: 'Bad-cup rate today',
    badCups: '{{bad}} of {{reported}} cups',
    noCups: 'No cup yet today',
    records: 'Production records',
  },
  revenue: {
    title: 'Revenue today',
    lastWeek: 'Same time last week: {{amount}}',
    orders: '{{count}} orders',
    none: 'No sales yet today',
    list: 'Order List',
  },
  change: {
    up: 'up {{percent}} % on last week',
    down: 'down {{percent}} % on last week',
    same: 'as last week',
    new: 'none last week',
  },
  faults: {
    title: 'Open faults',
    none: 'No open fault',
    log: 'Fault log',
  },
  channels: {
    title: 'Channels about to run empty',
    none: 'Every channel is above its low level',
    level: '{{level}} g left (low level {{low}} g)',
    channel: 'Channel {{number}}',
  },
};
