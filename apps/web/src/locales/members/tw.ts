/** 會員頁面（會員列表、錢包與點數、點數規則、優惠券、App）與其資源的繁體中文文字（台灣用語）。 */
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
  none: '不補償',
  coupon: '一張優惠券',
  wallet: '該行金額退回錢包',
};

export const membersTw: Strings<typeof membersEn> = {
  screens: {
    members: {
      actions: {
        wallet: '調整錢包',
        points: '調整點數',
        walletHistory: '錢包明細',
        pointsHistory: '點數明細',
        coupons: '持有的優惠券',
        grant: '發放優惠券',
      },
      wallet: {
        title: '{{name}} 的錢包',
        balance: '目前餘額：{{amount}}',
        kind: '類型',
        kinds: { 'top-up': '儲值（已收款）', adjustment: '調整' },
        amount: '金額',
        amountHint: '儲值增加餘額；調整可用負號扣減（-5.00）。',
        invalidAmount: '請輸入金額，例如 20 或 -5.50',
        submit: '調整錢包',
        done: '錢包餘額現為 {{amount}}。',
      },
      points: {
        title: '{{name}} 的點數',
        balance: '目前點數：{{points}}',
        amount: '點數',
        amountHint: '要增加的點數；用負號（-50）扣減。',
        invalidPoints: '請輸入整數，例如 100 或 -50',
        submit: '調整點數',
        done: '會員現有 {{points}} 點。',
      },
      adjust: {
        reason: '原因',
        reasonRequired: '請填寫原因',
        notZero: '金額不可為零',
        refused: '未完成',
      },
      grant: {
        title: '發放優惠券 {{name}}',
        summary: '面額 {{amount}}，自領取日起 {{days}} 天內有效。',
        members: '會員',
        membersHint: '輸入會員使用者名稱的一部分搜尋會員。',
        membersRequired: '請至少選擇一位會員',
        submit: '發放',
        done: '已發放給 {{count}} 位會員，有效期限至 {{validTo}}。',
      },
      ledger: {
        member: '會員：{{name}}',
        allMembers: '全部會員',
        openOrder: '查看訂單',
      },
      hints: {
        pointsRule:
          '規則依消費金額（每滿「每消費金額」）或依杯數累積點數，可限定門市與產品類型；加碼日點數加倍。點數於設定天數後到期（0：永不到期）。',
        appBanner: '橫幅於有效期間內依排序顯示在點餐 App。連結須以 http://、https://、mailto: 或 tel: 開頭。',
        appSetting:
          '每個商戶一份設定：App 名稱、標誌與隱私權條款，以及會員訂單出現壞杯時的補償方式（一張優惠券，或該行金額退回錢包）。',
      },
    },
  },
  resources: {
    member: {
      title: '會員列表',
      fields: {
        memberNo: '會員編號',
        username: '使用者名稱',
        merchantId: '商戶',
        phone: '手機號碼',
        email: '電子郵件',
        gender: '性別',
        birthday: '生日',
        walletBalance: '錢包餘額',
        points: '點數',
        status: '狀態',
        remarks: '備註',
        createdAt: '加入時間',
      },
      values: {
        gender: { male: '男', female: '女', other: '其他' },
        status: { active: '正常', disabled: '已停用' },
      },
    },
    'wallet-entry': {
      title: '錢包明細',
      fields: {
        memberId: '會員',
        merchantId: '商戶',
        kind: '類型',
        amount: '金額',
        balanceAfter: '異動後餘額',
        orderId: '訂單',
        reason: '原因',
        byName: '操作人',
        createdAt: '時間',
      },
      values: {
        kind: {
          'top-up': '儲值',
          payment: '付款',
          refund: '退款',
          adjustment: '調整',
          compensation: '壞杯補償',
        },
      },
    },
    'points-entry': {
      title: '點數明細',
      fields: {
        memberId: '會員',
        merchantId: '商戶',
        kind: '類型',
        points: '點數',
        balanceAfter: '異動後點數',
        orderId: '訂單',
        reason: '原因',
        expiresAt: '到期時間',
        byName: '操作人',
        createdAt: '時間',
      },
      values: {
        kind: {
          earn: '獲得',
          redeem: '兌換優惠券',
          reverse: '退款扣回',
          adjustment: '調整',
          expire: '到期',
        },
      },
    },
    'points-rule': {
      title: '點數規則',
      fields: {
        name: '規則名稱',
        merchantId: '商戶',
        storeId: '門市',
        productTypeId: '產品類型',
        basis: '計算方式',
        points: '點數',
        perAmount: '每消費金額',
        bonusWeekdays: '加碼日',
        bonusMultiplier: '加碼倍數',
        expiryDays: '點數有效天數',
        enabled: '啟用',
      },
      values: {
        basis: { amount: '依消費金額', cup: '依杯數' },
        bonusWeekdays: weekdays,
      },
    },
    coupon: {
      title: '優惠券列表',
      fields: {
        name: '優惠券名稱',
        merchantId: '商戶',
        discountAmount: '折抵金額',
        pointsCost: '所需點數',
        status: '狀態',
        validityDays: '有效天數',
        remarks: '備註',
      },
      values: { status: { usable: '可使用', unusable: '不可使用' } },
    },
    'member-coupon': {
      title: '會員優惠券',
      fields: {
        memberId: '會員',
        couponId: '優惠券',
        merchantId: '商戶',
        status: '狀態',
        source: '來源',
        discountAmount: '折抵金額',
        validFrom: '生效時間',
        validTo: '到期時間',
        orderId: '使用訂單',
        usedAt: '使用時間',
        createdAt: '領取時間',
      },
      values: {
        status: { available: '可使用', used: '已使用' },
        source: { redeem: '點數兌換', grant: '員工發放', compensation: '壞杯補償' },
      },
    },
    'app-banner': {
      title: 'App 橫幅',
      fields: {
        title: '標題',
        merchantId: '商戶',
        storeId: '門市',
        image: '圖片',
        link: '連結',
        sort: '排序',
        activeFrom: '開始時間',
        activeTo: '結束時間',
        enabled: '啟用',
      },
      values: {},
    },
    'app-setting': {
      title: 'App 設定',
      fields: {
        merchantId: '商戶',
        appName: 'App 名稱',
        logo: '標誌',
        privacyText: '隱私權條款',
        compensation: '壞杯補償方式',
        compensationCouponId: '壞杯補償優惠券',
      },
      values: { compensation },
    },
  },
};
