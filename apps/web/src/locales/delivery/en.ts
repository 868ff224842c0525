/** English texts of the delivery platform (issue 13): Uber Eats binding, stores, takeout products. */
export const deliveryEn = {
  screens: {
    delivery: {
      hints: {
        uber: 'The client id and secret of your Uber Eats application: the server signs in to Uber Eats with them. The secret is stored sealed.',
        stores:
          'A store with an Uber store id is bound: its menu is uploaded to Uber Eats when the takeout products change, or now with "Sync menu". Clear the id to unbind it.',
        menu: 'The products sold on Uber Eats, with their delivery price, in this order. A change is uploaded to every bound store.',
        listingLog:
          'What the listing did on Uber Eats: items suspended when no machine can make them, restored when one can; the store paused when no machine can take orders.',
        storeProducts:
          'What the Uber Eats menu of a store carries: the products the store sells that are enabled takeout products, in the store’s order.',
      },
      sync: {
        action: 'Sync menu',
        title: 'Sync the menu of {{store}}',
        running: 'Uploading the menu to Uber Eats…',
        done: 'Uber Eats took the menu: {{count}} items.',
        failed: 'The menu was not synced',
        close: 'Close',
      },
      paused: 'Paused on Uber Eats',
      takeout: {
        add: 'Add takeout product',
        noProduct: 'No takeout product chosen.',
        notFound: 'This takeout product was not found, or you may not see it.',
        toList: 'Back to the takeout products',
        saved: 'Takeout product saved',
      },
      routes: { add: 'Add takeout product', edit: 'Edit takeout product' },
      storeProducts: {
        title: 'Delivery store products',
        store: 'Store',
        pickStore: 'Choose a store',
        noStores: 'No store is set up for Uber Eats yet: add one under Uber stores.',
        carries: 'Its Uber Eats menu carries {{count}} takeout products.',
        empty: 'No enabled takeout product: the menu would be empty.',
        unbound: 'This store is not bound to an Uber Eats store: nothing is uploaded.',
        product: 'Product',
        price: 'Delivery price',
        priceFrom: { delivery: '(delivery price)', store: '(store price)', product: 'The product’s price' },
        lastSync: 'Last sync',
      },
    },
  },
  resources: {
    'uber-account': {
      title: 'Uber',
      fields: {
        merchantId: 'Merchant',
        clientId: 'Client id',
        clientSecret: 'Client secret',
        createdAt: 'Created at',
      },
    },
    'delivery-store': {
      title: 'Uber stores',
      fields: {
        storeId: 'Store',
        merchantId: 'Merchant',
        uberStoreId: 'Uber store id',
        binding: 'Binding',
        syncState: 'Menu sync',
        lastSyncAt: 'Last sync',
        lastError: 'Last error',
        paused: 'Paused',
        createdAt: 'Created at',
      },
      values: {
        binding: { bound: 'Bound', unbound: 'Unbound' },
        syncState: { never: 'Never synced', pending: 'Waiting to sync', synced: 'Synced', failed: 'Failed' },
      },
    },
    'takeout-product': {
      title: 'Takeout products',
      fields: {
        merchantId: 'Merchant',
        productId: 'Product',
        deliveryPrice: 'Delivery price',
        description: 'Description',
        enabled: 'Enabled',
        sortOrder: 'Order',
      },
    },
    'delivery-listing-change': {
      title: 'Listing changes',
      fields: {
        merchantId: 'Merchant',
        storeId: 'Store',
        action: 'Action',
        itemId: 'Item',
        cause: 'Cause',
        outcome: 'Outcome',
        error: 'Error',
        createdAt: 'Time',
      },
      values: {
        action: {
          'suspend-item': 'Item suspended',
          'restore-item': 'Item restored',
          'pause-store': 'Store paused',
          'resume-store': 'Store resumed',
          'sync-menu': 'Menu synced',
        },
        outcome: { done: 'Done', failed: 'Failed' },
        cause: {
          'no-machine-makes-it': 'No machine can make it',
          'a-machine-makes-it': 'A machine can make it again',
          'no-machine-takes-orders': 'No machine takes orders',
          'a-machine-takes-orders': 'A machine takes orders again',
          'store-closed': 'Store closed',
          'machines-changed': 'Machines changed',
          'menu-changed': 'Menu changed',
          'sync-action': 'Synced by hand',
          'demo-start': 'Demo start',
        },
      },
    },
  },
};
