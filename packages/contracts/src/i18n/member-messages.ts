/**
 * Server messages of members, wallets, points and coupons (issue 12), in the three languages; part
 * of MESSAGES (messages.ts). Traditional Chinese in Taiwan usage (點數 for points).
 */
export const MEMBER_MESSAGES = {
  'msg.walletInsufficient': {
    status: 409,
    en: 'The wallet holds {{balance}}: not enough for {{amount}}',
    zh: '钱包余额 {{balance}}，不足以支付 {{amount}}',
    tw: '錢包餘額 {{balance}}，不足以支付 {{amount}}',
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
  'log.member.wallet': { en: 'Adjusted a member wallet', zh: '调整会员钱包', tw: '調整會員錢包' },
  'log.member.points': { en: 'Adjusted member points', zh: '调整会员积分', tw: '調整會員點數' },
  'log.coupon.grant': { en: 'Granted a coupon', zh: '发放优惠券', tw: '發放優惠券' },
} as const;
