/**
 * `POST /api/delivery/uber/webhook` (CONTRACT §7): Uber's webhooks. The route keeps the raw body
 * (its own JSON parser, in this plugin only) because the signature is over the exact bytes:
 * `X-Uber-Signature` is the lowercase hex HMAC-SHA256 of the body keyed with the client secret of
 * the merchant whose store the event names (an order event's `meta.user_id`, a store event's
 * `store_id`, as developer.uber.com documents each). A missing or wrong signature is a 401
 * and nothing is written. `store.menu_refresh_request` (Uber asks for the menu again) makes the
 * store's menu due for upload; an event type not handled is acknowledged (Uber adds types without
 * notice, and resends what is not acknowledged). Uber wants a fast 200 (it resends otherwise): the order is recorded (the
 * store and secret come from the process's copy, bindings.ts) and worked after the answer by the
 * module's order workers (and by the order job, should this process stop first). A webhook for a
 * store nobody bound is logged and ignored (200: resending would not help).
 */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { uberWebhook, uberWebhookStore } from '@brewfleet/contracts';
import { bareAnswer } from '../../platform/http/answers.ts';
import type { DeliveryService } from './service.ts';
import type { Binding } from './bindings.ts';
import type { Claim } from './order-work.ts';

export const WEBHOOK_PATH = '/api/delivery/uber/webhook';

/** Uber's signature check: HMAC-SHA256 of the raw body with the secret, lowercase hex, compared in constant time. */
export function signatureMatches(raw: Buffer, secret: string, given: string | undefined): boolean {
  if (!given || !/^[0-9a-fA-F]{64}$/.test(given)) return false;
  const expected = crypto.createHmac('sha256', secret).update(raw).digest();
  return crypto.timingSafeEqual(expected, Buffer.from(given.toLowerCase(), 'hex'));
}

/** CONTRACT §3's error envelope (Uber reads the status only). */
const unauthorized = { code: 401 as const, msg: 'Invalid or missing X-Uber-Signature' };

export function registerUberWebhook(
  app: FastifyInstance,
  deps: { service: () => DeliveryService; afterAnswer: (claim: Claim) => void },
) {
  void app.register(async (scoped) => {
    scoped.removeContentTypeParser('application/json');
    scoped.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: 1024 * 1024 },
      (_req, body, done) => done(null, body),
    );
    scoped.post(
      WEBHOOK_PATH,
      {
        schema: {
          // Uber: acknowledge with 200 and an empty body (no envelope: Uber reads the status only).
          response: {
            ...bareAnswer(z.null().describe('Empty body: the webhook is acknowledged')),
            401: z.object({ code: z.literal(401), msg: z.string() }),
          },
          tags: ['delivery'],
          description:
            'Uber Eats webhooks (orders.notification, orders.cancel, orders.failure, store.menu_refresh_request), signed with X-Uber-Signature. Public: the signature is the check.',
        },
        config: { public: true, noAudit: true, bare: true },
      },
      async (request, reply) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.from('');
        const signature = request.headers['x-uber-signature'];
        const given = Array.isArray(signature) ? signature[0] : signature;
        if (!given) return reply.code(401).send(unauthorized);
        let parsed: ReturnType<typeof uberWebhook.safeParse>;
        try {
          parsed = uberWebhook.safeParse(JSON.parse(raw.toString('utf8')));
        } catch {
          return reply.code(401).send(unauthorized);
        }
        if (!parsed.success) return reply.code(401).send(unauthorized);
        const event = parsed.data;
        const uberStoreId = uberWebhookStore(event);
        // No store named: no secret to check the signature with.
        if (!uberStoreId) return reply.code(401).send(unauthorized);
        const service = deps.service();
        const signedBy = (f: Binding | null) =>
          !!f?.creds && signatureMatches(raw, f.creds.clientSecret, given);
        let found = await service.storeOfUber(uberStoreId);
        let signed = signedBy(found);
        // The secret this process keeps may be older than the one Uber signed with: read it again.
        if (found && !signed) {
          found = await service.storeOfUber(uberStoreId, true);
          signed = signedBy(found);
        }
        if (!found?.creds) {
          request.log.warn(
            { uberStoreId, eventType: event.event_type, eventId: event.event_id },
            'Uber webhook for a store nobody bound: ignored',
          );
          return reply.code(200).send();
        }
        if (!signed) return reply.code(401).send(unauthorized);
        const orderId = event.meta?.resource_id;
        const eventId = event.event_id ?? null;
        if (event.event_type === 'orders.notification' && orderId) {
          const claim = await service.receiveOrder(found, orderId, eventId);
          if (claim) deps.afterAnswer(claim);
        } else if (
          (event.event_type === 'orders.cancel' || event.event_type === 'orders.failure') &&
          orderId
        ) {
          await service.cancelOrder(found, orderId, eventId);
        } else if (event.event_type === 'store.menu_refresh_request') {
          await service.menuRefreshRequested(found);
        } else {
          request.log.info({ eventType: event.event_type, uberStoreId }, 'Uber webhook not handled');
        }
        // Uber: acknowledge with 200 and an empty body.
        return reply.code(200).send();
      },
    );
  });
}
