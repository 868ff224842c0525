/** 会员页面（会员列表、钱包与积分、积分规则、优惠券、应用）与其资源的简体中文文字。 */
import type { membersEn } from './en';
import type { Strings } from '../en';

const weekdays = {
  mon: '星期一',
  tue: '星期二',
  wed: '星期三',
  thu: '星期四',
  fri: '星期五',
  sat: '星期六',
  sun: '星期日',
};
const compensation = {
  none: '不补偿',
  coupon: '一张优惠券',
  wallet: '该行金额退回钱包',
};

export const membersZh: Strings<typeof membersEn> = {
  screens: {
    members: {
      actions: {
        wallet: '调整钱包',
        points: '调整积分',
        walletHistory: '钱包流水',
        pointsHistory: '积分流水',
        coupons: '持有的优惠券',
        grant: '发放优惠券',
      },
      wallet: {
        title: '{{name}} 的钱包',
        balance: '当前余额：{{amount}}',
        kind: '类型',
        kinds: { 'top-up': '充值（已收款）', adjustment: '调整' },
        amount: '金额',
        amountHint: '充值增加余额；调整可用负号扣减（-5.00）。',
        invalidAmount: '请输入金额，如 20 或 -5.50',
        submit: '调整钱包',
        done: '钱包余额现为 {{amount}}。',
      },
      points: {
        title: '{{name}} 的积分',
        balance: '当前积分：{{points}}',
        amount: '积分',
        amountHint: '要增加的积分；用负号（-50）扣减。',
        invalidPoints: '请输入整数，如 100 或 -50',
        submit: '调整积分',
        done: '会员现有 {{points}} 积分。',
      },
      adjust: {
        reason: '原因',
        reasonRequired: '请填写原因',
        notZero: '金额不能为零',
        refused: '未完成',
      },
      grant: {
        title: '发放优惠券 {{name}}',
        summary: '面额 {{amount}}，自领取之日起 {{days}} 天内有效。',
        members: '会员',
        membersHint: '输入会员用户名的一部分查找会员。',
        membersRequired: '请至少选择一位会员',
        submit: '发放',
        done: '已发放给 {{count}} 位会员，有效期至 {{validTo}}。',
      },
      ledger: {
        member: '会员：{{name}}',
        allMembers: '全部会员',
        openOrder: '查看订单',
      },
      hints: {
        pointsRule:
          '规则按消费金额（每满“每消费金额”）或按杯计积分，可限定门店和产品类型；奖励日积分加倍。积分在所设天数后过期（0：永不过期）。',
        appBanner: '横幅在有效期内按排序显示在点单应用中。链接须以 http://、https://、mailto: 或 tel: 开头。',
        appSetting:
          '每个商户一份设置：应用名称、标志和隐私条款，以及会员订单出现坏杯时的补偿方式（一张优惠券，或该行金额退回钱包）。',
      },
    },
  },
  resources: {
    member: {
      title: '会员列表',
      fields: {
        memberNo: '会员编号',
        username: '用户名',
        merchantId: '商户',
        phone: '手机号',
        email: '邮箱',
        gender: '性别',
        birthday: '生日',
        walletBalance: '钱包余额',
        points: '积分',
        status: '状态',
        remarks: '备注',
        createdAt: '注册时间',
      },
      values: {
        gender: { male: '男', female: '女', other: '其他' },
        status: { active: '正常', disabled: '已停用' },
      },
    },
    'wallet-entry': {
      title: '钱包流水',
      fields: {
        memberId: '会员',
        merchantId: '商户',
        kind: '类型',
        amount: '金额',
        balanceAfter: '变动后余额',
        orderId: '订单',
        reason: '原因',
        byName: '操作人',
        createdAt: '时间',
      },
      values: {
        kind: {
          'top-up': '充值',
          payment: '支付',
          refund: '退款',
          adjustment: '调整',
          compensation: '坏杯补偿',
        },
      },
    },
    'points-entry': {
      title: '积分流水',
      fields: {
        memberId: '会员',
        merchantId: '商户',
        kind: '类型',
        points: '积分',
        balanceAfter: '变动后积分',
        orderId: '订单',
        reason: '原因',
        expiresAt: '过期时间',
        byName: '操作人',
        createdAt: '时间',
      },
      values: {
        kind: {
          earn: '获得',
          redeem: '兑换优惠券',
          reverse: '退款扣回',
          adjustment: '调整',
          expire: '过期',
        },
      },
    },
    'points-rule': {
      title: '积分规则',
      fields: {
        name: '规则名称',
        merchantId: '商户',
        storeId: '门店',
        productTypeId: '产品类型',
        basis: '计算方式',
        points: '积分',
        perAmount: '每消费金额',
        bonusWeekdays: '奖励日',
        bonusMultiplier: '奖励倍数',
        expiryDays: '积分有效天数',
        enabled: '启用',
      },
      values: {
        basis: { amount: '按消费金额', cup: '按杯' },
        bonusWeekdays: weekdays,
      },
    },
    coupon: {
      title: '优惠券列表',
      fields: {
        name: '优惠券名称',
        merchantId: '商户',
        discountAmount: '优惠金额',
        pointsCost: '所需积分',
        status: '状态',
        validityDays: '有效天数',
        remarks: '备注',
      },
      values: { status: { usable: '可用', unusable: '不可用' } },
    },
    'member-coupon': {
      title: '会员优惠券',
      fields: {
        memberId: '会员',
        couponId: '优惠券',
        merchantId: '商户',
        status: '状态',
        source: '来源',
        discountAmount: '优惠金额',
        validFrom: '生效时间',
        validTo: '到期时间',
        orderId: '使用订单',
        usedAt: '使用时间',
        createdAt: '领取时间',
      },
      values: {
        status: { available: '可使用', used: '已使用' },
        source: { redeem: '积分兑换', grant: '员工发放', compensation: '坏杯补偿' },
      },
    },
    'app-banner': {
      title: '应用横幅',
      fields: {
        title: '标题',
        merchantId: '商户',
        storeId: '门店',
        image: '图片',
        link: '链接',
        sort: '排序',
        activeFrom: '开始时间',
        activeTo: '结束时间',
        enabled: '启用',
      },
      values: {},
    },
    'app-setting': {
      title: '应用设置',
      fields: {
        merchantId: '商户',
        appName: '应用名称',
        logo: '标志',
        privacyText: '隐私条款',
        compensation: '坏杯补偿方式',
        compensationCouponId: '坏杯补偿优惠券',
      },
      values: { compensation },
    },
  },
};
