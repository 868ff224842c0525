/**
 * Server messages of members, wallets, points and coupons (issue 12), in the three languages; part
 * of MESSAGES (messages.ts). Traditional Chinese in Taiwan usage (點數 for points).
 */
export const MEMBER_MESSAGES = {
  'msg.walletInsufficient': {
    status: 409,
    en: 'The wallet holds {{currency}} {{balance}}: not enough for {{currency}} {{amount}}',
    zh: '钱包余额 {{currency}} {{balance}}，不足以支付 {{currency}} {{amount}}',
    tw: '錢包餘額 {{currency}} {{balance}}，不足以支付 {{currency}} {{amount}}',
  },
  'msg.pointsInsufficient': {
    status: 409,
    en: 'The member has {{points}} points: not enough for {{needed}}',
    zh: '会员积分 {{points}}，不足 {{needed}}',
    tw: '會員點數 {{points}}，不足 {{needed}}',
  },
  'msg.amountNotZero': {
    status: 400,
    en: 'Give an amount other than zero',
    zh: '金额不能为零',
    tw: '金額不可為零',
  },
  'msg.reasonRequired': {
    status: 400,
    en: 'Give a reason',
    zh: '请填写原因',
    tw: '請填寫原因',
  },
  'msg.topUpNegative': {
    status: 400,
    en: 'A top-up adds money: give a positive amount',
    zh: '充值金额须为正数',
    tw: '儲值金額須為正數',
  },
  'msg.memberPhoneTaken': {
    status: 409,
    en: 'A member of this merchant already has this phone number',
    zh: '该商户已有会员使用此手机号',
    tw: '此商戶已有會員使用這個手機號碼',
  },
  'msg.memberEmailTaken': {
    status: 409,
    en: 'A member of this merchant already has this e-mail address',
    zh: '该商户已有会员使用此邮箱',
    tw: '此商戶已有會員使用這個電子郵件',
  },
  'msg.appSettingExists': {
    status: 409,
    en: 'This merchant has its app settings already: edit them instead',
    zh: '该商户已有应用设置，请直接编辑',
    tw: '此商戶已有 App 設定，請直接編輯',
  },
  'msg.storeOtherMerchant': {
    status: 400,
    en: 'The store is not one of this merchant’s stores',
    zh: '该门店不属于此商户',
    tw: '此門市不屬於這個商戶',
  },
  'msg.perAmountRequired': {
    status: 400,
    en: 'Points per amount spent need the amount that earns them',
    zh: '按消费金额积分时，请填写每多少金额得分',
    tw: '依消費金額給點時，請填寫每多少金額得點',
  },
  'msg.compensationCouponRequired': {
    status: 400,
    en: 'Compensation by coupon needs the coupon to give, one of this merchant’s',
    zh: '以优惠券补偿时，请选择此商户的一张优惠券',
    tw: '以優惠券補償時，請選擇此商戶的一張優惠券',
  },
  'msg.couponOtherMerchant': {
    status: 400,
    en: 'The coupon “{{name}}” is not one this member’s merchant gives',
    zh: '优惠券“{{name}}”不属于该会员的商户',
    tw: '優惠券「{{name}}」不屬於該會員的商戶',
  },
  'msg.couponUnusable': {
    status: 409,
    en: 'The coupon “{{name}}” is no longer usable',
    zh: '优惠券“{{name}}”已停用',
    tw: '優惠券「{{name}}」已停用',
  },
  'msg.couponNotRedeemable': {
    status: 409,
    en: 'The coupon “{{name}}” cannot be redeemed for points',
    zh: '优惠券“{{name}}”不能用积分兑换',
    tw: '優惠券「{{name}}」不能用點數兌換',
  },
  'msg.couponNotYours': {
    status: 404,
    en: 'This coupon is not one of yours',
    zh: '这张优惠券不属于您',
    tw: '這張優惠券不屬於您',
  },
  'msg.couponUsed': {
    status: 409,
    en: 'This coupon has been used already',
    zh: '这张优惠券已使用',
    tw: '這張優惠券已使用',
  },
  'msg.couponExpired': {
    status: 409,
    en: 'This coupon expired on {{validTo}}',
    zh: '这张优惠券已于 {{validTo}} 过期',
    tw: '這張優惠券已於 {{validTo}} 過期',
  },
  'msg.couponNotYetValid': {
    status: 409,
    en: 'This coupon is valid from {{validFrom}}',
    zh: '这张优惠券自 {{validFrom}} 起可用',
    tw: '這張優惠券自 {{validFrom}} 起可用',
  },
  'log.member.wallet': { en: 'Adjusted a member wallet', zh: '调整会员钱包', tw: '調整會員錢包' },
  'log.member.points': { en: 'Adjusted member points', zh: '调整会员积分', tw: '調整會員點數' },
  'log.coupon.grant': { en: 'Granted a coupon', zh: '发放优惠券', tw: '發放優惠券' },
} as const;
