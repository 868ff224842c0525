/** English texts of the tax screens (Tax Center) and resources. */
const orderType = {
  'dine-in': 'Dine-in',
  pack: 'Packed (takeaway)',
  'platform-takeaway': 'Platform takeaway',
};
const taxType = { 'dine-in': 'Dine-in', packaging: 'Packaging', 'platform-takeaway': 'Platform takeaway' };

export const taxesEn = {
  screens: {
    taxPages: {
      taxHint:
        'A tax is computed by its country’s rule: prices include it in TW, JP, the EU, GB, CN and HK; it is added on top in US and CA. Its type says which orders it is for; allocate it to product types and extra products under Tax Allocation.',
      allocationHint:
        'Each product type or extra product has at most one tax per order type and country; the order type and country are the tax’s.',
      packagingHint:
        'Packaging bags and carriers (extra products of the packaging kind) and the tax each carries.',
      packagingTax: 'Tax',
      noTax: 'No tax allocated',
    },
    taxCenter: {
      title: 'Tax Center',
      intro: 'Preview an order’s tax lines under the current tax configuration. Nothing is stored.',
      store: 'Store',
      orderType: 'Order type',
      orderTypes: orderType,
      item: 'Product',
      products: 'Products',
      extras: 'Extra products',
      quantity: 'Quantity',
      unitPrice: 'Unit price',
      addLine: 'Add a line',
      removeLine: 'Remove',
      calculate: 'Calculate',
      lineNo: '#',
      amount: 'Amount',
      taxName: 'Tax',
      taxRate: 'Rate',
      tax: 'Tax amount',
      net: 'Net',
      gross: 'Gross',
      noTax: 'None',
      totals: 'Totals',
      included: 'Prices include tax ({{country}}); each line’s tax is rounded {{rounding}} to {{unit}}.',
      excluded: 'Tax is added to prices ({{country}}); each line’s tax is rounded {{rounding}} to {{unit}}.',
      roundings: {
        'half-up': 'half up',
        'half-even': 'half to even',
        floor: 'down (fractions dropped)',
        ceil: 'up',
        down: 'toward zero',
      },
      units: { '0': 'whole units', '1': 'tenths', '2': 'cents' },
      chooseStore: 'Choose a store',
      chooseItem: 'Choose a product',
    },
  },
  resources: {
    tax: {
      title: 'Taxes',
      fields: {
        name: 'Tax name',
        merchantId: 'Merchant',
        country: 'Country (ISO code)',
        type: 'Type',
        taxType: 'Tax type',
        rate: 'Rate (%)',
        base: 'Base (% of the amount taxed)',
        remarks: 'Remarks',
      },
      values: {
        type: taxType,
        taxType: {
          vat: 'VAT',
          sales: 'Sales tax',
          consumption: 'Consumption tax',
          gst: 'GST',
          business: 'Business tax',
          other: 'Other',
        },
      },
    },
    'tax-allocation': {
      title: 'Tax allocations',
      fields: {
        taxId: 'Tax',
        productTypeId: 'Product type',
        extraProductId: 'Extra product',
        orderType: 'Order type',
        country: 'Country',
      },
      values: { orderType },
    },
  },
};
