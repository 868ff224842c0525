/** English texts of the menus screens and resources. */
export const menusEn = {
  screens: {
    /** A menu's products, as reviewed before a push and as a store or machine runs them. */
    menuContent: {
      none: 'No products',
      family: '{{family}} ({{count}})',
      code: 'Code',
      name: 'Product',
      price: 'Price',
      recipe: 'Recipe',
      recipeVersion: 'Recipe version {{version}}',
      options: 'Options',
      default: 'default',
      toppings: 'Toppings',
      free: 'free',
    },
    menuDistribution: {
      title: 'Menu distribution',
      machines: 'Machines',
      distribution: 'Distribution',
      content: 'Content',
      progress: 'Progress',
      counts: '{{succeeded}} of {{targets}} took it',
      failedCount: '{{count}} failed',
      create: {
        storeFilter: 'Show the machines of a store',
        machinesHint:
          'Every machine of the store chosen above receives the menu; add other machines here, or choose machines instead of a store.',
        allProducts: 'All that the store and the machines sell',
        productsHint: 'Leave empty to use what the store and the machines sell.',
      },
      preview: {
        title: 'Menu {{name}}, version {{version}}',
        fresh:
          'The menu is built: its products, prices and recipes are fixed in this version. Review it, then push it to the machines now or later.',
        later: 'Push later',
        products: 'Products',
        perFamily: 'Each machine receives the products of its own family, at its own price where it has one.',
        missingTitle: 'Not on this menu: {{count}} product(s) the store does not sell yet',
        missingText:
          'A menu carries what the store sells (Store Products). These products of the merchant are listed and orderable for these machines, but not among the store’s products: {{names}}.',
        addMissing: 'Add them to the store’s products',
        addedRebuilt: 'Added to the store’s products; the menu now includes them.',
        addedPushed:
          'Added to the store’s products. This version was already pushed and stays as it was: build a new menu to send them.',
      },
      push: {
        action: 'Push',
        confirmTitle: 'Push menu version {{version}}?',
        confirmText:
          'It goes to {{count}} machine(s). Machines that are offline receive it when they come back.',
        done: 'Menu version {{version}} queued for {{count}} machine(s)',
      },
      pushAgain: {
        action: 'Push again to {{count}} machine(s)',
        confirmTitle: 'Push version {{version}} again to {{count}} machine(s)?',
        confirmText: 'Only the machines whose menu failed or expired receive it again.',
      },
      rollback: {
        action: 'Roll back',
        confirmTitle: 'Roll back to version {{version}}?',
        confirmText:
          'The menu of version {{version}} becomes a new version and is pushed at once to the same machines.',
      },
    },
    menuProgress: {
      title: 'Progress of version {{version}}',
      machine: 'Machine',
      state: 'State',
      offline: 'Offline',
      waiting: 'Waiting: the machine will receive it when it comes back',
      attempts: 'Attempts',
      reason: 'Reason',
      details: 'Rejected products',
      updatedAt: 'Updated at',
      counts: {
        succeeded: '{{count}} succeeded',
        failed: '{{count}} failed',
        underWay: '{{count}} under way',
        waiting: '{{count}} waiting',
        targets: '{{count}} machine(s) in all',
      },
      skipped: '{{count}} machine(s) were left out',
      skipReasons: {
        'no-product-for-machine': 'the menu has no product this machine makes and sells',
      },
      notPushed: 'This version has not been pushed yet',
    },
    machineMenus: {
      running: 'Running version',
      assigned: 'Assigned version',
      noVersion: 'None',
    },
    storeMenu: {
      title: 'Store Menu',
      store: 'Store',
      choose: 'Choose a store',
      chooseHint: 'Choose a store to see its menu and its machines',
      current: 'Current menu',
      noMenu: 'No menu pushed for this store has been taken by its machines yet',
      machines: 'Machines of the store',
      noMachines: 'The store has no machines',
    },
    equipmentMenu: {
      title: 'Equipment Menu',
      noMenu: 'This machine runs no menu from the console yet',
      unknownVersion: 'The release of this version is not visible to you',
      productsOf: 'Products of version {{version}} for this machine (before its own prices)',
    },
  },
  resources: {
    'menu-release': {
      title: 'Menu releases',
      fields: {
        name: 'Menu name',
        merchantId: 'Merchant',
        storeId: 'Store',
        deviceIds: 'Machines',
        productIds: 'Products',
        version: 'Version',
        state: 'State',
        content: 'Content',
        rolledBackFrom: 'Rolled back from',
        targets: 'Machines',
        succeeded: 'Succeeded',
        failed: 'Failed',
        pushedAt: 'Pushed at',
        createdAt: 'Created at',
      },
      values: {
        state: { draft: 'Draft', pushing: 'Pushing', done: 'Done', partial: 'Partly taken' },
      },
    },
  },
};
