/**
 * English texts of the member screens (issue 12): Membership List with its wallet and points
 * dialogs, the ledgers, Points Rules, coupons and their grant, and the ordering app's pages; and the
 * resources member, wallet-entry, points-entry, points-rule, coupon, member-coupon, app-banner,
 * app-setting.
 */
const weekdays = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};
const compensation = {
  none: 'Nothing',
  coupon: 'A coupon',
  wallet: 'The line’s money back to the wallet',
};

export const membersEn = {
  screens: {
    members: {
      actions: {
        wallet: 'Adjust wallet',
        points: 'Adjust points',
        walletHistory: 'Wallet history',
        pointsHistory: 'Points history',
        coupons: 'Coupons held',
        grant: 'Grant coupon',
      },
      wallet: {
        title: 'Wallet of {{name}}',
        balance: 'Balance now: {{amount}}',
        kind: 'Kind',
        kinds: { 'top-up': 'Top-up (money received)', adjustment: 'Adjustment' },
        amount: 'Amount',
        amountHint: 'A top-up adds money; an adjustment may take some away with a minus sign (-5.00).',
        invalidAmount: 'An amount such as 20 or -5.50',
        submit: 'Adjust the wallet',
        done: 'The wallet now holds {{amount}}.',
      },
      points: {
        title: 'Points of {{name}}',
        balance: 'Points now: {{points}}',
        amount: 'Points',
        amountHint: 'Points to add; a minus sign (-50) takes them away.',
        invalidPoints: 'A whole number such as 100 or -50',
        submit: 'Adjust the points',
        done: 'The member now has {{points}} points.',
      },
      adjust: {
        reason: 'Reason',
        reasonRequired: 'Give a reason',
        notZero: 'Give an amount other than zero',
        refused: 'Not done',
      },
      grant: {
        title: 'Grant coupon {{name}}',
        summary: 'Worth {{amount}}, valid {{days}} days from the day it is received.',
        members: 'Members',
        membersHint: 'Type part of a member’s username to find them.',
        membersRequired: 'Choose at least one member',
        submit: 'Grant',
        done: 'Granted to {{count}} member(s), valid until {{validTo}}.',
      },
      ledger: {
        member: 'Member: {{name}}',
        allMembers: 'All members',
        openOrder: 'Open the order',
      },
      hints: {
        pointsRule:
          'A rule earns points per amount spent (every “Per amount spent”) or per cup, for one store and product type or for all; on bonus days the points are multiplied. Earned points expire after the days given (0: never).',
        appBanner:
          'Banners show in the ordering app in their order, while active. A link begins with http://, https://, mailto: or tel:.',
        appSetting:
          'One setting per merchant: the app’s name, logo and privacy text, and how a bad cup of a member’s order is made good (a coupon, or the line’s money back to the wallet).',
      },
    },
  },
  resources: {
    member: {
      title: 'Membership List',
      fields: {
        memberNo: 'Member number',
        username: 'Username',
        merchantId: 'Merchant',
        phone: 'Phone',
        email: 'Email',
        gender: 'Gender',
        birthday: 'Birthday',
        walletBalance: 'Wallet balance',
        points: 'Points',
        status: 'Status',
        remarks: 'Remarks',
        createdAt: 'Joined at',
      },
      values: {
        gender: { male: 'Male', female: 'Female', other: 'Other' },
        status: { active: 'Active', disabled: 'Disabled' },
      },
    },
    'wallet-entry': {
      title: 'Wallet history',
      fields: {
        memberId: 'Member',
        merchantId: 'Merchant',
        kind: 'Kind',
        amount: 'Amount',
        balanceAfter: 'Balance after',
        orderId: 'Order',
        reason: 'Reason',
        byName: 'By',
        createdAt: 'Time',
      },
      values: {
        kind: {
          'top-up': 'Top-up',
          payment: 'Payment',
          refund: 'Refund',
          adjustment: 'Adjustment',
          compensation: 'Compensation (bad cup)',
        },
      },
    },
    'points-entry': {
      title: 'Points history',
      fields: {
        memberId: 'Member',
        merchantId: 'Merchant',
        kind: 'Kind',
        points: 'Points',
        balanceAfter: 'Points after',
        orderId: 'Order',
        reason: 'Reason',
        expiresAt: 'Expires at',
        byName: 'By',
        createdAt: 'Time',
      },
      values: {
        kind: {
          earn: 'Earned',
          redeem: 'Redeemed for a coupon',
          reverse: 'Taken back (refund)',
          adjustment: 'Adjustment',
          expire: 'Expired',
        },
      },
    },
    'points-rule': {
      title: 'Points Rules',
      fields: {
        name: 'Rule name',
        merchantId: 'Merchant',
        storeId: 'Store',
        productTypeId: 'Product type',
        basis: 'Earn per',
        points: 'Points',
        perAmount: 'Per amount spent',
        bonusWeekdays: 'Bonus days',
        bonusMultiplier: 'Bonus multiplier',
        expiryDays: 'Points expire after (days)',
        enabled: 'Enabled',
      },
      values: {
        basis: { amount: 'Amount spent', cup: 'Cup' },
        bonusWeekdays: weekdays,
      },
    },
    coupon: {
      title: 'Coupon List',
      fields: {
        name: 'Coupon name',
        merchantId: 'Merchant',
        discountAmount: 'Discount amount',
        pointsCost: 'Points cost',
        status: 'Status',
        validityDays: 'Validity (days)',
        remarks: 'Remarks',
      },
      values: { status: { usable: 'Usable', unusable: 'Not usable' } },
    },
    'member-coupon': {
      title: 'Member coupons',
      fields: {
        memberId: 'Member',
        couponId: 'Coupon',
        merchantId: 'Merchant',
        status: 'Status',
        source: 'Source',
        discountAmount: 'Discount amount',
        validFrom: 'Valid from',
        validTo: 'Valid to',
        orderId: 'Used on order',
        usedAt: 'Used at',
        createdAt: 'Received at',
      },
      values: {
        status: { available: 'Available', used: 'Used' },
        source: {
          redeem: 'Redeemed with points',
          grant: 'Granted by staff',
          compensation: 'Compensation (bad cup)',
        },
      },
    },
    'app-banner': {
      title: 'App Banner',
      fields: {
        title: 'Title',
        merchantId: 'Merchant',
        storeId: 'Store',
        image: 'Image',
        link: 'Link',
        sort: 'Order',
        activeFrom: 'Active from',
        activeTo: 'Active to',
        enabled: 'Enabled',
      },
      values: {},
    },
    'app-setting': {
      title: 'App settings',
      fields: {
        merchantId: 'Merchant',
        appName: 'App name',
        logo: 'Logo',
        privacyText: 'Privacy text',
        compensation: 'Bad cup made good with',
        compensationCouponId: 'Coupon given for a bad cup',
      },
      values: { compensation },
    },
  },
};
