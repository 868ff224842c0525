/** 外卖平台（issue 13）的简体中文文字：Uber Eats 绑定、门店、外卖商品。 */
import type { Strings } from '../en';
import type { deliveryEn } from './en';

export const deliveryZh: Strings<typeof deliveryEn> = {
  screens: {
    delivery: {
      hints: {
        uber: '您的 Uber Eats 应用的客户端 ID 与密钥：服务器以此登录 Uber Eats。密钥加密保存。',
        stores:
          '填写了 Uber 门店 ID 的门店即为已绑定：外卖商品变更时其菜单会上传到 Uber Eats，也可点击“同步菜单”立即上传。清空 ID 即解除绑定。',
        menu: '在 Uber Eats 上销售的商品及其外卖价格，按此顺序排列。变更会上传到每个已绑定的门店。',
        listingLog:
          '上架在 Uber Eats 上的变更：没有机器能制作时下架品项，能制作时恢复；没有机器能接单时暂停门店。',
        storeProducts: '门店的 Uber Eats 菜单包含的商品：门店销售且已启用为外卖商品的商品，按门店顺序排列。',
      },
      sync: {
        action: '同步菜单',
        title: '同步 {{store}} 的菜单',
        running: '正在上传菜单到 Uber Eats…',
        done: 'Uber Eats 已接受菜单：{{count}} 个品项。',
        failed: '菜单未同步',
        close: '关闭',
      },
      paused: '已在 Uber Eats 暂停',
      takeout: {
        add: '新增外卖商品',
        noProduct: '未选择外卖商品。',
        notFound: '找不到此外卖商品，或您无权查看。',
        toList: '返回外卖商品',
        saved: '外卖商品已保存',
      },
      routes: { add: '新增外卖商品', edit: '编辑外卖商品' },
      storeProducts: {
        title: '外卖门店商品',
        store: '门店',
        pickStore: '请选择门店',
        noStores: '尚未设置 Uber Eats 门店：请在 Uber 门店中新增。',
        carries: '其 Uber Eats 菜单包含 {{count}} 个外卖商品。',
        empty: '没有启用的外卖商品：菜单将为空。',
        unbound: '此门店尚未绑定 Uber Eats 门店：不会上传任何内容。',
        product: '商品',
        price: '外卖价格',
        priceFrom: { delivery: '（外卖价格）', store: '（门店价格）', product: '商品原价' },
        lastSync: '上次同步',
      },
    },
  },
  resources: {
    'uber-account': {
      title: 'Uber',
      fields: {
        merchantId: '商户',
        clientId: '客户端 ID',
        clientSecret: '客户端密钥',
        createdAt: '创建时间',
      },
    },
    'delivery-store': {
      title: 'Uber 门店',
      fields: {
        storeId: '门店',
        merchantId: '商户',
        uberStoreId: 'Uber 门店 ID',
        binding: '绑定',
        syncState: '菜单同步',
        lastSyncAt: '上次同步',
        lastError: '最近错误',
        paused: '已暂停',
        createdAt: '创建时间',
      },
      values: {
        binding: { bound: '已绑定', unbound: '未绑定' },
        syncState: { never: '从未同步', pending: '等待同步', synced: '已同步', failed: '失败' },
      },
    },
    'takeout-product': {
      title: '外卖商品',
      fields: {
        merchantId: '商户',
        productId: '商品',
        deliveryPrice: '外卖价格',
        description: '描述',
        enabled: '启用',
        sortOrder: '排序',
      },
    },
    'delivery-listing-change': {
      title: '上架变更记录',
      fields: {
        merchantId: '商户',
        storeId: '门店',
        action: '操作',
        itemId: '品项',
        cause: '原因',
        outcome: '结果',
        error: '错误',
        createdAt: '时间',
      },
      values: {
        action: {
          'suspend-item': '品项下架',
          'restore-item': '品项恢复',
          'pause-store': '门店暂停',
          'resume-store': '门店恢复营业',
          'sync-menu': '菜单同步',
        },
        outcome: { done: '完成', failed: '失败' },
        cause: {
          'no-machine-makes-it': '没有机器能制作',
          'a-machine-makes-it': '已有机器能制作',
          'no-machine-takes-orders': '没有机器接单',
          'a-machine-takes-orders': '已有机器恢复接单',
          'store-closed': '门店已打烊',
          'machines-changed': '机器状态变化',
          'menu-changed': '菜单已变更',
          'sync-action': '手动同步',
          'demo-start': '演示启动',
        },
      },
    },
  },
};
