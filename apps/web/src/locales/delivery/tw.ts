/** 外送平台（issue 13）的繁體中文（台灣用語）文字：Uber Eats 綁定、門市、外送商品。 */
import type { Strings } from '../en';
import type { deliveryEn } from './en';

export const deliveryTw: Strings<typeof deliveryEn> = {
  screens: {
    delivery: {
      hints: {
        uber: '您的 Uber Eats 應用程式的用戶端 ID 與密鑰：伺服器以此登入 Uber Eats。密鑰加密保存。',
        stores:
          '填寫了 Uber 門市 ID 的門市即為已綁定：外送商品異動時其菜單會上傳至 Uber Eats，也可點選「同步菜單」立即上傳。清除 ID 即解除綁定。',
        menu: '在 Uber Eats 上販售的商品及其外送價格，依此順序排列。異動會上傳至每個已綁定的門市。',
        listingLog:
          '上架在 Uber Eats 上的異動：沒有機台能製作時下架品項，能製作時恢復；沒有機台能接單時暫停門市。',
        storeProducts: '門市的 Uber Eats 菜單包含的商品：門市販售且已啟用為外送商品的商品，依門市順序排列。',
      },
      sync: {
        action: '同步菜單',
        title: '同步 {{store}} 的菜單',
        running: '正在上傳菜單至 Uber Eats…',
        done: 'Uber Eats 已接受菜單：{{count}} 個品項。',
        failed: '菜單未同步',
        close: '關閉',
      },
      paused: '已在 Uber Eats 暫停',
      takeout: {
        add: '新增外送商品',
        noProduct: '未選擇外送商品。',
        notFound: '找不到此外送商品，或您無權檢視。',
        toList: '返回外送商品',
        saved: '外送商品已儲存',
      },
      routes: { add: '新增外送商品', edit: '編輯外送商品' },
      storeProducts: {
        title: '外送門市商品',
        store: '門市',
        pickStore: '請選擇門市',
        noStores: '尚未設定 Uber Eats 門市：請在 Uber 門市中新增。',
        carries: '其 Uber Eats 菜單包含 {{count}} 個外送商品。',
        empty: '沒有啟用的外送商品：菜單將為空。',
        unbound: '此門市尚未綁定 Uber Eats 門市：不會上傳任何內容。',
        product: '商品',
        price: '外送價格',
        priceFrom: { delivery: '（外送價格）', store: '（門市價格）', product: '商品原價' },
        lastSync: '上次同步',
      },
    },
  },
  resources: {
    'uber-account': {
      title: 'Uber',
      fields: {
        merchantId: '商戶',
        clientId: '用戶端 ID',
        clientSecret: '用戶端密鑰',
        createdAt: '建立時間',
      },
    },
    'delivery-store': {
      title: 'Uber 門市',
      fields: {
        storeId: '門市',
        merchantId: '商戶',
        uberStoreId: 'Uber 門市 ID',
        binding: '綁定',
        syncState: '菜單同步',
        lastSyncAt: '上次同步',
        lastError: '最近錯誤',
        paused: '已暫停',
        createdAt: '建立時間',
      },
      values: {
        binding: { bound: '已綁定', unbound: '未綁定' },
        syncState: { never: '從未同步', pending: '等待同步', synced: '已同步', failed: '失敗' },
      },
    },
    'takeout-product': {
      title: '外送商品',
      fields: {
        merchantId: '商戶',
        productId: '商品',
        deliveryPrice: '外送價格',
        description: '描述',
        enabled: '啟用',
        sortOrder: '排序',
      },
    },
    'delivery-listing-change': {
      title: '上架異動紀錄',
      fields: {
        merchantId: '商戶',
        storeId: '門市',
        action: '動作',
        itemId: '品項',
        cause: '原因',
        outcome: '結果',
        error: '錯誤',
        createdAt: '時間',
      },
      values: {
        action: {
          'suspend-item': '品項下架',
          'restore-item': '品項恢復',
          'pause-store': '門市暫停',
          'resume-store': '門市恢復營業',
          'sync-menu': '菜單同步',
        },
        outcome: { done: '完成', failed: '失敗' },
        cause: {
          'no-machine-makes-it': '沒有機器能製作',
          'a-machine-makes-it': '已有機器能製作',
          'no-machine-takes-orders': '沒有機器接單',
          'a-machine-takes-orders': '已有機器恢復接單',
          'store-closed': '門市已打烊',
          'machines-changed': '機器狀態變化',
          'menu-changed': '菜單已變更',
          'sync-action': '手動同步',
          'demo-start': '示範啟動',
        },
      },
    },
  },
};
