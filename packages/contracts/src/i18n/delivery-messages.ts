/**
 * Server messages of the delivery platform (issue 13), in the three languages; part of MESSAGES
 * (messages.ts). Traditional Chinese in Taiwan usage (外送 for delivery, 品項 for items).
 */
export const DELIVERY_MESSAGES = {
  'msg.deliveryItemMalformed': {
    status: 422,
    en: 'The product "{{product}}" ({{code}}) cannot go on the Uber Eats menu: it needs a name and a delivery price above zero',
    zh: '商品「{{product}}」（{{code}}）无法上架 Uber Eats 菜单：需有名称及大于零的外卖价格',
    tw: '商品「{{product}}」（{{code}}）無法上架 Uber Eats 菜單：需有名稱及大於零的外送價格',
  },
  'msg.deliveryStoreUnbound': {
    status: 409,
    en: 'This store is not bound to an Uber Eats store: give its Uber store id first',
    zh: '此门店尚未绑定 Uber Eats 门店：请先填写 Uber 门店 ID',
    tw: '此門市尚未綁定 Uber Eats 門市：請先填寫 Uber 門市 ID',
  },
  'msg.deliverySyncFailed': {
    status: 409,
    en: 'Uber Eats did not take the menu: {{error}}',
    zh: 'Uber Eats 未接受菜单：{{error}}',
    tw: 'Uber Eats 未接受菜單：{{error}}',
  },
  'log.delivery-store.sync': {
    en: 'Uploaded a store menu to Uber Eats',
    zh: '同步门店菜单到 Uber Eats',
    tw: '同步門市菜單至 Uber Eats',
  },
} as const;
