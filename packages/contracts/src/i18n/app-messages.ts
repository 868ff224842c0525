/**
 * Server messages of the ordering app's API and its console pages (issue 12), in the three
 * languages; part of MESSAGES (messages.ts).
 */
export const APP_MESSAGES = {
  'msg.externalLinkInvalid': {
    status: 400,
    en: 'A link begins with http://, https://, mailto: or tel:',
    zh: '链接须以 http://、https://、mailto: 或 tel: 开头',
    tw: '連結須以 http://、https://、mailto: 或 tel: 開頭',
  },
  'msg.appUsernameRequired': {
    status: 400,
    en: 'Give a name',
    zh: '请填写昵称',
    tw: '請填寫暱稱',
  },
  'msg.appPhoneOrEmail': {
    status: 400,
    en: 'Give a phone number or an email address',
    zh: '请填写手机号码或邮箱',
    tw: '請填寫手機號碼或電子郵件',
  },
  'msg.appLoginRequired': {
    status: 400,
    en: 'Give your phone number or email address',
    zh: '请填写手机号码或邮箱',
    tw: '請填寫手機號碼或電子郵件',
  },
  'msg.appBadCredentials': {
    status: 400,
    en: 'Wrong phone, email or password',
    zh: '手机号码、邮箱或密码错误',
    tw: '手機號碼、電子郵件或密碼錯誤',
  },
  'msg.appSignupThrottled': {
    status: 429,
    en: 'Too many sign-ups with a phone number or email address already registered, try again in {{seconds}} seconds',
    zh: '使用已注册手机号码或邮箱的注册次数过多，请在 {{seconds}} 秒后重试',
    tw: '使用已註冊手機號碼或電子郵件的註冊次數過多，請在 {{seconds}} 秒後重試',
  },
  'msg.appMemberExists': {
    status: 409,
    en: 'A member with this phone number or email address already exists',
    zh: '该手机号码或邮箱已注册会员',
    tw: '此手機號碼或電子郵件已註冊會員',
  },
  'msg.appMerchantUnknown': {
    status: 404,
    en: 'No such merchant',
    zh: '没有这个商户',
    tw: '沒有這個商家',
  },
  'msg.appMemberDisabled': {
    status: 403,
    en: 'This membership is disabled',
    zh: '该会员已停用',
    tw: '此會員已停用',
  },
  'msg.appMachineNotFound': {
    status: 404,
    en: 'No such machine',
    zh: '没有这台机器',
    tw: '沒有這台機器',
  },
  'msg.appStoreClosed': {
    status: 409,
    en: '{{store}} is closed now: order again when it opens',
    zh: '{{store}}目前暂停营业，请在开门后再下单',
    tw: '{{store}}目前暫停營業，請在開門後再下單',
  },
  'msg.appMachineNotOrdering': {
    status: 409,
    en: 'This machine takes no orders now (offline, locked or without a menu)',
    zh: '这台机器目前不接单（离线、已锁定或没有菜单）',
    tw: '這台機器目前不接單（離線、已鎖定或沒有菜單）',
  },
  'msg.appProductNotOnMenu': {
    status: 400,
    en: 'Line {{line}}: {{code}} is not on this machine’s menu',
    zh: '第 {{line}} 行：{{code}} 不在这台机器的菜单上',
    tw: '第 {{line}} 行：{{code}} 不在這台機器的菜單上',
  },
  'msg.appProductSoldOut': {
    status: 409,
    en: 'Line {{line}}: {{name}} is sold out at this machine (a material has run low); choose another drink',
    zh: '第 {{line}} 行：{{name}} 在这台机器已售完（原料不足），请改选其他饮品',
    tw: '第 {{line}} 行：{{name}} 在這台機器已售完（原料不足），請改選其他飲品',
  },
  'msg.appProductNotOrderable': {
    status: 409,
    en: 'Line {{line}}: {{code}} cannot be ordered now',
    zh: '第 {{line}} 行：{{code}} 目前无法点单',
    tw: '第 {{line}} 行：{{code}} 目前無法點餐',
  },
  'msg.appOptionUnknown': {
    status: 400,
    en: 'Line {{line}}: {{option}} is not an option of {{code}}',
    zh: '第 {{line}} 行：{{option}} 不是 {{code}} 的选项',
    tw: '第 {{line}} 行：{{option}} 不是 {{code}} 的選項',
  },
  'msg.appOptionTwice': {
    status: 400,
    en: 'Line {{line}}: {{option}} of {{code}} is chosen twice',
    zh: '第 {{line}} 行：{{code}} 的选项 {{option}} 重复选择',
    tw: '第 {{line}} 行：{{code}} 的選項 {{option}} 重複選擇',
  },
  'msg.appOptionOneOfType': {
    status: 400,
    en: 'Line {{line}}: choose one {{type}} only for {{code}}',
    zh: '第 {{line}} 行：{{code}} 的{{type}}只能选一个',
    tw: '第 {{line}} 行：{{code}} 的{{type}}只能選一個',
  },
  'msg.appToppingUnknown': {
    status: 400,
    en: 'Line {{line}}: {{topping}} is not a topping of {{code}}',
    zh: '第 {{line}} 行：{{topping}} 不是 {{code}} 的配料',
    tw: '第 {{line}} 行：{{topping}} 不是 {{code}} 的配料',
  },
  'msg.appOrderNotFound': {
    status: 404,
    en: 'No such order',
    zh: '没有这笔订单',
    tw: '沒有這筆訂單',
  },
  'msg.appPickupCodesExhausted': {
    status: 409,
    en: 'The machine has too many open orders; try again in a moment',
    zh: '这台机器的未完成订单过多，请稍后再试',
    tw: '這台機器的未完成訂單過多，請稍後再試',
  },
  'msg.appSettingsNotFound': {
    status: 404,
    en: 'This merchant has no app settings',
    zh: '该商户尚未设置 App',
    tw: '該商家尚未設定 App',
  },
} as const;
