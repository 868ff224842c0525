/**
 * Server messages of the display links (issue 17 point 5), in the three languages; part of MESSAGES
 * (messages.ts). A lobby screen shows them as they are, so each says what to do.
 */
export const DISPLAY_MESSAGES = {
  'msg.displayTokenMissing': {
    status: 401,
    en: 'This screen needs a display link: open the address a merchant administrator made for it',
    zh: '此屏幕需要展示链接：请打开商户管理员为其生成的地址',
    tw: '此螢幕需要展示連結：請開啟商戶管理員為其產生的網址',
  },
  'msg.displayTokenUnknown': {
    status: 401,
    en: 'This display link is not valid: ask a merchant administrator for a new one',
    zh: '此展示链接无效：请向商户管理员索取新的链接',
    tw: '此展示連結無效：請向商戶管理員索取新的連結',
  },
  'msg.displayTokenExpired': {
    status: 401,
    en: 'This display link expired on {{expiredAt}}: ask a merchant administrator for a new one',
    zh: '此展示链接已于 {{expiredAt}} 过期：请向商户管理员索取新的链接',
    tw: '此展示連結已於 {{expiredAt}} 過期：請向商戶管理員索取新的連結',
  },
  'msg.displayTokenRevoked': {
    status: 401,
    en: 'This display link was revoked: ask a merchant administrator for a new one',
    zh: '此展示链接已被撤销：请向商户管理员索取新的链接',
    tw: '此展示連結已被撤銷：請向商戶管理員索取新的連結',
  },
  'msg.displayBoardNotLinked': {
    status: 403,
    en: 'This display link does not open this dashboard',
    zh: '此展示链接不能打开该看板',
    tw: '此展示連結不能開啟該看板',
  },
  'msg.displayExpiryRange': {
    status: 400,
    en: 'A display link expires in the future and within {{days}} days',
    zh: '展示链接的到期时间须晚于现在，且在 {{days}} 天之内',
    tw: '展示連結的到期時間須晚於現在，且在 {{days}} 天之內',
  },
  'msg.displayStoreNotOfMerchant': {
    status: 400,
    en: 'The store is not one of this merchant’s stores',
    zh: '该门店不属于此商户',
    tw: '該門市不屬於此商戶',
  },
  'msg.tooManyDisplayRequests': {
    status: 429,
    en: 'This display link asked too often, try again in {{seconds}} seconds',
    zh: '此展示链接请求过于频繁，请在 {{seconds}} 秒后重试',
    tw: '此展示連結請求過於頻繁，請在 {{seconds}} 秒後重試',
  },
} as const;
