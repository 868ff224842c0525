/** What the plumbing attaches to every request, and the per-route options it reads. */
import type { Language } from '@brewfleet/contracts';
import type { AuthUser } from '../auth/auth-user.ts';

declare module 'fastify' {
  interface FastifyRequest {
    lang: Language;
    /** IANA zone from `timeZone` (query or body), validated; defaults to UTC. */
    timeZone: string;
    /** The signed-in user, on routes that are not public. */
    user: AuthUser | null;
    /**
     * Who calls, as keys kept per caller name them (idempotency keys): `account:<id>` for a console
     * user; a module's auth scheme sets its own (`member:<id>`). Null on public routes.
     */
    principal: string | null;
    /** Hash of the presented token, so logout can revoke exactly it. */
    tokenHash: string | null;
    /** Set by handlers so the operation log can name the object a request touched. */
    auditTarget?: string;
    /** Who acted on a public route (a sign-in), so its line is in that user's tenant's log. */
    auditActor?: { userId: string; merchantId: string | null; storeId: string | null };
  }
  interface FastifyContextConfig {
    /** Permission code required (CONTRACT §3: 403 without it). */
    permission?: string;
    /** One of these codes is required (403 without any): routes shared by several screens (pickers, uploads). */
    anyPermission?: readonly string[];
    /** Reachable without a token. */
    public?: boolean;
    /**
     * Authenticated by a module's own scheme (auth/guard.ts claimAuthPrefix), by its name: the
     * route lies under the prefix the scheme claimed, and needs no console permission.
     */
    authScheme?: string;
    /** Needs a signed-in user but no particular permission (own profile, own menus). */
    authOnly?: boolean;
    /** Operation-log action name; default: method and route. */
    action?: string;
    /** A GET whose token may come from the `token` cookie (images and videos in <img>/<video>). */
    cookieAuth?: boolean;
    /** Not written to the operation log (reads done with POST, such as list and export). */
    noAudit?: boolean;
    /** Answered as is, without the envelope: for callers that are not the console (a broker's hooks). */
    bare?: boolean;
  }
}
export {};
