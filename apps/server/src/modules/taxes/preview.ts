/**
 * `POST /api/coffee/tax/preview` (the Tax Center's calculator): an order's tax lines and totals under
 * the current configuration, nothing stored. The store (or, without one, the merchant named or the
 * caller's own) says whose taxes apply and the country; every product and extra product must be one
 * that merchant sells (its own or inherited), whatever id is sent.
 */
import type { FastifyInstance } from 'fastify';
import {
  formatCents,
  nameIn,
  P,
  taxPreviewAnswer,
  taxPreviewBody,
  toCents,
  type TaxPreview,
  type TaxPreviewBody,
} from '@brewfleet/contracts';
import type { Db } from '../../platform/db/client.ts';
import { inRequestScope } from '../../platform/crud/scope.ts';
import type { CatalogItem } from '../catalog/service.ts';
import { AppError } from '../../platform/http/errors.ts';
import { answer } from '../../platform/http/answers.ts';
import type { Reads } from './reads.ts';
import type { TaxService } from './service.ts';

function refNotFound(field: string): AppError {
  return new AppError('msg.refNotFound', { field }, [{ field, message: 'msg.refNotFound' }]);
}

export function registerTaxPreview(app: FastifyInstance, deps: { db: Db; reads: Reads; taxes: TaxService }) {
  const { db, reads, taxes } = deps;
  app.post(
    '/api/coffee/tax/preview',
    {
      schema: { body: taxPreviewBody, response: answer(taxPreviewAnswer), tags: ['tax'] },
      config: { permission: P.tax.preview, noAudit: true },
    },
    async (request): Promise<TaxPreview> => {
      const body = request.body as TaxPreviewBody;
      const user = request.user!;
      return inRequestScope(db, request, async (tx) => {
        // Whose taxes: the store's merchant, else the merchant named, else the caller's.
        let merchantId: string | null;
        if (body.storeId) {
          const store = await reads.rowOf(tx, 'store', body.storeId, user);
          if (!store) throw refNotFound('storeId');
          merchantId = store.merchantId ? String(store.merchantId) : null;
        } else merchantId = body.merchantId ?? user.merchantId;
        if (!merchantId)
          throw new AppError('msg.merchantRequired', {}, [
            { field: 'merchantId', message: 'msg.merchantRequired' },
          ]);
        const merchant = await reads.rowOf(tx, 'merchant', merchantId, user);
        if (!merchant) throw refNotFound(body.storeId ? 'storeId' : 'merchantId');
        const owners = await reads.ancestors(tx, user, merchantId);
        const sellers = new Set([merchantId, ...owners.keys()]);
        // The country asked for, else the merchant's, else its nearest ancestor's.
        const country = body.country?.toUpperCase() ?? (await reads.countryOf(tx, [...sellers]));
        if (!country)
          throw new AppError('msg.taxCountryUnknown', {}, [
            { field: 'country', message: 'msg.taxCountryUnknown' },
          ]);
        const ids = (key: 'productId' | 'extraProductId') =>
          body.lines.flatMap((l) => (l[key] ? [l[key]] : []));
        const products = await reads.items(tx, 'product', ids('productId'));
        const extras = await reads.items(tx, 'extra-product', ids('extraProductId'));
        const items = body.lines.map((line, i): CatalogItem => {
          const item = line.productId ? products.get(line.productId) : extras.get(line.extraProductId!);
          // Another merchant's product (or none) reads the same: not one this merchant sells.
          if (!item || !sellers.has(String(item.merchantId)))
            throw new AppError('msg.taxLineNotFound', { line: i + 1 }, [
              { field: `lines.${i}`, message: 'msg.taxLineNotFound', params: { line: i + 1 } },
            ]);
          return item;
        });
        const amounts = body.lines.map((line) => toCents(line.unitPrice) * BigInt(line.quantity));
        const taxed = await taxes.compute(tx, {
          merchantIds: [...sellers],
          country,
          orderType: body.orderType,
          lines: body.lines.map((line, i) => ({
            productTypeId: line.productId ? items[i].productTypeId : null,
            extraProductId: line.extraProductId ?? null,
            amount: amounts[i],
          })),
        });
        return {
          country,
          orderType: body.orderType,
          rule: taxed.rule,
          lines: taxed.lines.map((t, i) => ({
            line: i + 1,
            productId: body.lines[i].productId ?? null,
            extraProductId: body.lines[i].extraProductId ?? null,
            name: nameIn(items[i], request.lang),
            quantity: body.lines[i].quantity,
            unitPrice: formatCents(toCents(body.lines[i].unitPrice)),
            amount: formatCents(amounts[i]),
            taxId: t.taxId,
            taxName: t.taxName,
            taxRate: t.taxRate,
            taxBase: t.taxBase,
            tax: formatCents(t.tax),
            net: formatCents(t.net),
            gross: formatCents(t.gross),
          })),
          net: formatCents(taxed.net),
          tax: formatCents(taxed.tax),
          gross: formatCents(taxed.gross),
        };
      });
    },
  );
}
