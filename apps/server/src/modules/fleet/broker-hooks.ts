/**
 * Authentication and topic access for an external broker (MQTT_URL), through its HTTP hooks:
 * EMQX's HTTP authenticator and authorizer, or mosquitto-go-auth's HTTP backend. The same rules as
 * the embedded broker (device-access.ts). The broker's own superuser (the server's connection) is
 * configured in the broker, not here. Both routes are public: a machine secret has 256 random bits,
 * so asking cannot guess one, and the answer says no more than allow or deny.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { brokerHookAnswer } from '@brewfleet/contracts';
import { bareAnswer } from '../../platform/http/answers.ts';
import type { DeviceAccess } from './device-access.ts';

const authBody = z.object({
  clientid: z.string().max(128),
  username: z.string().max(128).optional(),
  password: z.string().max(256).optional(),
});
const aclBody = z.object({
  clientid: z.string().max(128),
  username: z.string().max(128).optional(),
  topic: z.string().max(512),
  action: z.enum(['publish', 'subscribe']),
  retain: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
});

type Verdict = { result: 'allow' | 'deny' };

export function registerBrokerHooks(app: FastifyInstance, access: DeviceAccess) {
  const answer = (allowed: boolean, reply: { code(n: number): unknown }): Verdict => {
    // mosquitto-go-auth reads the status code, EMQX the body: both say the same.
    if (!allowed) reply.code(403);
    return { result: allowed ? 'allow' : 'deny' };
  };
  app.post(
    '/api/mqtt/auth',
    {
      schema: { body: authBody, response: bareAnswer(brokerHookAnswer), tags: ['mqtt'] },
      config: { public: true, noAudit: true, bare: true },
    },
    async (request, reply) => {
      const { clientid, username, password } = request.body as z.infer<typeof authBody>;
      return answer(await access.authenticate(clientid, username, password), reply);
    },
  );
  app.post(
    '/api/mqtt/acl',
    {
      schema: { body: aclBody, response: bareAnswer(brokerHookAnswer), tags: ['mqtt'] },
      config: { public: true, noAudit: true, bare: true },
    },
    async (request, reply) => {
      const { clientid, username, topic, action, retain } = request.body as z.infer<typeof aclBody>;
      if (!username || username !== clientid) return answer(false, reply);
      const allowed =
        action === 'publish'
          ? access.mayPublish(username, topic, retain === true || retain === 'true')
          : access.maySubscribe(username, topic);
      return answer(allowed, reply);
    },
  );
}
