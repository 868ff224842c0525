/**
 * The member's own things in the app: profile, wallet history, points, coupons (held, redeemable,
 * redeeming points for one: Idempotency-Key), the banners of their merchants, and a merchant's app
 * settings (public: the app shows its name, logo and privacy text before anyone signs in).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  APP_API_PREFIX,
  appBannerAnswer,
  appIdParams,
  appImagePath,
  appHeldCouponAnswer,
  appMemberAnswer,
  appPageQuery,
  appPointsAnswer,
  appRedeemAnswer,
  appRedeemBody,
  appRedeemableCouponAnswer,
  appSettingsAnswer,
  appSettingsQuery,
  appWalletAnswer,
  idSchema,
} from '@brewfleet/contracts';
import type { Db } from '../../platform/db/client.ts';
import { inScope, SYSTEM } from '../../platform/db/scope.ts';
import { AppError } from '../../platform/http/errors.ts';
import { idempotent } from '../../platform/http/idempotency.ts';
import { publicOrigin } from '../../platform/http/public-origin.ts';
import { answer, fileAnswer } from '../../platform/http/answers.ts';
import type { FilesService } from '../files/service.ts';
import type { CatalogService } from '../catalog/service.ts';
import type { MembersService } from './members-port.ts';
import { MEMBER_SCHEME, inMemberScope, memberOf } from './member-auth.ts';
import { appDocs } from './docs.ts';

const tags = ['app'];
const security = [{ bearer: [] }];
const config = { authScheme: MEMBER_SCHEME, swaggerTransform: appDocs({ errors: { 401: true } }) };
/** A member's call with a query: bad input too. */
const queryConfig = {
  authScheme: MEMBER_SCHEME,
  swaggerTransform: appDocs({ errors: { 400: true, 401: true } }),
};
const bannersQuery = z.object({ storeId: idSchema.optional() });

export function registerAppAccount(
  app: FastifyInstance,
  deps: {
    db: Db;
    members: MembersService;
    files: FilesService;
    catalog: Pick<CatalogService, 'isProductImage'>;
  },
) {
  const { db, members, files, catalog } = deps;
  /** An image's address the app loads as is, without its token (an <img> sends none). */
  const imageUrl = (request: FastifyRequest, uploadId: string | null) =>
    uploadId ? `${publicOrigin(request)}${appImagePath(uploadId)}` : null;

  app.get(
    `${APP_API_PREFIX}/me`,
    { schema: { response: answer(appMemberAnswer), tags, security }, config },
    async (request) => {
      const member = memberOf(request);
      return inMemberScope(db, request, async (tx) => {
        const profile = await members.profile(tx, member.id);
        if (!profile) throw new AppError('msg.unauthorized');
        return profile;
      });
    },
  );

  app.get(
    `${APP_API_PREFIX}/wallet`,
    {
      schema: { querystring: appPageQuery, response: answer(appWalletAnswer), tags, security },
      config: queryConfig,
    },
    async (request) => {
      const q = request.query as z.infer<typeof appPageQuery>;
      const member = memberOf(request);
      return inMemberScope(db, request, async (tx) => {
        const profile = await members.profile(tx, member.id);
        const { list, total } = await members.wallet.entries(tx, member.id, q);
        return { balance: profile?.walletBalance ?? '0.00', list, total, page: q.page, limit: q.limit };
      });
    },
  );

  app.get(
    `${APP_API_PREFIX}/points`,
    {
      schema: { querystring: appPageQuery, response: answer(appPointsAnswer), tags, security },
      config: queryConfig,
    },
    async (request) => {
      const q = request.query as z.infer<typeof appPageQuery>;
      const member = memberOf(request);
      return inMemberScope(db, request, async (tx) => {
        const points = (await members.points.balance(tx, member.id)) ?? 0;
        const { list, total } = await members.points.entries(tx, member.id, q);
        return { points, list, total, page: q.page, limit: q.limit };
      });
    },
  );

  app.get(
    `${APP_API_PREFIX}/coupons`,
    { schema: { response: answer(z.array(appHeldCouponAnswer)), tags, security }, config },
    async (request) => {
      const member = memberOf(request);
      // As the system, by the member's id: a coupon a sub-merchant's member holds is often one of a
      // merchant above theirs (its definition, which the member's scope does not show).
      return inScope(db, SYSTEM, (tx) => members.coupons.held(tx, member.id));
    },
  );

  app.get(
    `${APP_API_PREFIX}/coupons/redeemable`,
    { schema: { response: answer(z.array(appRedeemableCouponAnswer)), tags, security }, config },
    async (request) => {
      const member = memberOf(request);
      // The coupons of the member's merchant and of those above it (coupons.redeemable walks the
      // chain up), which the member's scope, their merchant and below, would hide.
      return inScope(db, SYSTEM, (tx) => members.coupons.redeemable(tx, member.id));
    },
  );

  app.post(
    `${APP_API_PREFIX}/coupons/redeem`,
    {
      schema: {
        body: appRedeemBody,
        response: answer(appRedeemAnswer),
        tags,
        security,
        description:
          'Needs an `Idempotency-Key` header. Spends the coupon’s points cost (`GET /coupons/redeemable`) ' +
          'for one coupon, which `GET /coupons` then holds.',
      },
      config: {
        authScheme: MEMBER_SCHEME,
        noAudit: true,
        swaggerTransform: appDocs({
          idempotent: true,
          errors: {
            400: true,
            401: true,
            404: 'No such coupon among those of the member’s merchant and the merchants above it',
            409: 'Too few points, or a coupon withdrawn or not for points; the first call with this key still running. Nothing was written',
            422: true,
          },
        }),
      },
    },
    async (request) => {
      const { couponId } = request.body as z.infer<typeof appRedeemBody>;
      const member = memberOf(request);
      return idempotent(db, request, (remember) =>
        // As the system: coupons.redeem takes only a coupon of the member's merchant or one above it.
        inScope(db, SYSTEM, async (tx) => {
          const result = await members.coupons.redeem(tx, { memberId: member.id, couponId });
          await remember(tx, result);
          return result;
        }),
      );
    },
  );

  app.get(
    `${APP_API_PREFIX}/banners`,
    {
      schema: { querystring: bannersQuery, response: answer(z.array(appBannerAnswer)), tags, security },
      config: queryConfig,
    },
    async (request) => {
      const { storeId } = request.query as z.infer<typeof bannersQuery>;
      const member = memberOf(request);
      // The banners of the merchants where the member is known and of those above their merchant
      // (a chain's banners reach down to its sub-merchants' members), read as the system.
      const banners = await inScope(db, SYSTEM, (tx) =>
        members.banners(tx, member.merchantIds, storeId, member.merchantId),
      );
      return banners.map((b) => ({ ...b, imageUrl: imageUrl(request, b.image) }));
    },
  );

  app.get(
    `${APP_API_PREFIX}/images/:id`,
    {
      schema: {
        params: appIdParams,
        response: fileAnswer('A banner image, an app logo or a product picture', ['image/jpeg', 'image/png']),
        tags,
        security: [],
      },
      config: {
        public: true,
        swaggerTransform: appDocs({
          errors: { 400: true, 404: 'No banner image, app logo or product picture of this id' },
        }),
      },
    },
    async (request, reply) => {
      const { id } = request.params as z.infer<typeof appIdParams>;
      // Public, as the app shows them before signing in (and an image tag sends no token), but only
      // these: a banner's image, an app logo, a product's picture (the menu's); any other upload of
      // a merchant (a licence, a machine's photo) is a 404 here.
      const shown = await inScope(
        db,
        SYSTEM,
        async (tx) => (await members.isAppImage(tx, id)) || (await catalog.isProductImage(tx, id)),
      );
      if (!shown) throw new AppError('msg.notFound');
      return files.sendPublic(reply, id);
    },
  );

  app.get(
    `${APP_API_PREFIX}/settings`,
    {
      schema: { querystring: appSettingsQuery, response: answer(appSettingsAnswer), tags, security: [] },
      config: {
        public: true,
        swaggerTransform: appDocs({
          errors: { 400: true, 404: 'No such merchant, or no app settings for it' },
        }),
      },
    },
    async (request) => {
      const { merchantId } = request.query as z.infer<typeof appSettingsQuery>;
      const setting = await inScope(db, SYSTEM, (tx) => members.appSetting(tx, merchantId));
      if (!setting) throw new AppError('msg.appSettingsNotFound');
      return {
        merchantId,
        appName: setting.appName,
        logo: setting.logo,
        logoUrl: imageUrl(request, setting.logo),
        privacyText: setting.privacyText,
      };
    },
  );
}
