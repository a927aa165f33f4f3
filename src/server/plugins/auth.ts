import crypto from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import cookie from '@fastify/cookie';
import { SignJWT, jwtVerify, type JWTPayload } from 'jose';
import { forbidden, unauthorized } from '../lib/http-errors.js';
import { ROLES, SESSION_COOKIE, TOKEN_HEADER } from '../../shared/product.js';
import { SESSION_TEXTS, TRANSFER_TEXTS } from '../../shared/messages.js';

export interface SessionUser {
  id: number;
  sessionId: string;
  roleId: number;
  memberId: number | null;
  email: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler: a live session is required (401 otherwise). */
    authenticate: (request: FastifyRequest) => Promise<void>;
    /** preHandler: a live session of a Systems Administrator (401 / 403). */
    requireAdmin: (request: FastifyRequest) => Promise<void>;
    /** preHandler: a live session of a Customer linked to a member record (401 / 403). */
    requireMember: (request: FastifyRequest) => Promise<void>;
    /**
     * The session token's signature, audience and expiry checked without the database (401 otherwise): for a
     * route whose one statement checks the session row itself (`sessionCheckSql`) and calls `requireMember`
     * before any answer that statement does not give.
     */
    sessionClaims: (request: FastifyRequest) => Promise<SessionClaims>;
    sessions: {
      issue(userId: number, request: FastifyRequest, reply: FastifyReply): Promise<{ token: string; expiresOn: Date }>;
      revoke(sessionId: string): Promise<void>;
      revokeAllForUser(userId: number): Promise<void>;
      clearCookie(reply: FastifyReply): void;
    };
  }
  interface FastifyRequest {
    user?: SessionUser;
  }
}

/** What a verified session token names: its session row and its user. */
export interface SessionClaims {
  sessionId: string;
  userId: number;
}

const ALGORITHM = 'HS256';
/** Verified tokens remembered (the oldest forgotten first). */
const VERIFIED_MAX = 10_000;

function readToken(request: FastifyRequest): string | undefined {
  const header = request.headers[TOKEN_HEADER];
  if (typeof header === 'string' && header) return header;
  const auth = request.headers.authorization;
  if (auth?.startsWith('Bearer ')) return auth.slice(7);
  return request.cookies?.[SESSION_COOKIE] || undefined;
}

/**
 * Sessions: a JWT (HS256 only, `aud` and `exp` checked) whose `jti` names a row in `sessions`;
 * revocation (logout, block, delete, reset) marks the row, so the token dies at once.
 */
export default fp(
  async function authPlugin(app: FastifyInstance) {
    const { config } = app;
    // Imported once: given the secret's bytes, jose imports a key on every sign and verify (a tenth of a
    // transfer's time under load, `npm run bench:transfers`).
    const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(config.jwtSecret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    await app.register(cookie);

    const cookieOptions = {
      httpOnly: true,
      sameSite: 'strict' as const,
      secure: config.env === 'production',
      path: '/',
    };

    // Tokens whose signature and audience jose verified, by their exact text (a member's calls repeat one
    // token; its HMAC is checked once, not on every call). Revocation is the session row's, read on every call.
    const verified = new Map<string, JWTPayload>();

    async function verifyToken(request: FastifyRequest): Promise<SessionClaims & { sub: string }> {
      const token = readToken(request);
      if (!token) throw unauthorized();
      const now = app.clock.now();
      let payload = verified.get(token);
      if (payload) {
        // Verified before: the signature and audience hold for these exact bytes; the expiry is checked again
        // as jose checks it (expired when exp <= now, in whole seconds).
        if (typeof payload.exp !== 'number' || payload.exp <= Math.floor(now.getTime() / 1000)) {
          verified.delete(token);
          throw unauthorized(SESSION_TEXTS.expired);
        }
      } else {
        try {
          ({ payload } = await jwtVerify(token, key, {
            algorithms: [ALGORITHM],
            audience: config.jwtAudience,
            currentDate: now,
            requiredClaims: ['exp', 'jti', 'sub'],
          }));
        } catch {
          throw unauthorized(SESSION_TEXTS.expired);
        }
        if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
        verified.set(token, payload);
      }
      const sub = String(payload.sub);
      return { sessionId: String(payload.jti), userId: /^[1-9][0-9]{0,9}$/.test(sub) ? Number(sub) : 0, sub };
    }

    async function loadSession(request: FastifyRequest): Promise<SessionUser> {
      if (request.user) return request.user;
      const payload = await verifyToken(request);
      const row = await app.db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .select(['sessions.id as session_id', 'sessions.expires_on', 'sessions.revoked_on', 'users.id', 'users.role_id', 'users.member_id', 'users.email', 'users.is_blocked', 'users.is_deleted'])
        .where('sessions.id', '=', payload.sessionId)
        .executeTakeFirst();
      const now = app.clock.now();
      if (!row || row.revoked_on || new Date(row.expires_on) <= now || row.is_blocked || row.is_deleted || String(row.id) !== payload.sub) {
        throw unauthorized(SESSION_TEXTS.expired);
      }
      request.user = { id: row.id, sessionId: row.session_id, roleId: row.role_id, memberId: row.member_id, email: row.email };
      return request.user;
    }

    app.decorateRequest('user', undefined);
    app.decorate('authenticate', async (request: FastifyRequest) => {
      await loadSession(request);
    });
    app.decorate('requireAdmin', async (request: FastifyRequest) => {
      const user = await loadSession(request);
      if (user.roleId !== ROLES.SYSTEMS_ADMINISTRATOR) throw forbidden();
    });
    app.decorate('requireMember', async (request: FastifyRequest) => {
      const user = await loadSession(request);
      if (user.roleId !== ROLES.CUSTOMER) throw forbidden();
      if (user.memberId === null) throw forbidden(TRANSFER_TEXTS.noMembership);
    });
    app.decorate('sessionClaims', async (request: FastifyRequest) => {
      const { sessionId, userId } = await verifyToken(request);
      return { sessionId, userId };
    });

    app.decorate('sessions', {
      async issue(userId: number, request: FastifyRequest, reply: FastifyReply) {
        const sessionId = crypto.randomBytes(24).toString('base64url');
        const now = app.clock.now();
        const expiresOn = new Date(now.getTime() + config.sessionSeconds * 1000);
        await app.db
          .insertInto('sessions')
          .values({ id: sessionId, user_id: userId, expires_on: expiresOn, user_agent: request.headers['user-agent']?.slice(0, 300) ?? null, ip: request.ip })
          .execute();
        const token = await new SignJWT({})
          .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
          .setSubject(String(userId))
          .setJti(sessionId)
          .setAudience(config.jwtAudience)
          .setIssuedAt(Math.floor(now.getTime() / 1000))
          .setExpirationTime(Math.floor(expiresOn.getTime() / 1000))
          .sign(key);
        reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions, maxAge: config.sessionSeconds });
        return { token, expiresOn };
      },
      async revoke(sessionId: string) {
        await app.db.updateTable('sessions').set({ revoked_on: app.clock.now() }).where('id', '=', sessionId).where('revoked_on', 'is', null).execute();
      },
      async revokeAllForUser(userId: number) {
        await app.db.updateTable('sessions').set({ revoked_on: app.clock.now() }).where('user_id', '=', userId).where('revoked_on', 'is', null).execute();
      },
      clearCookie(reply: FastifyReply) {
        reply.clearCookie(SESSION_COOKIE, cookieOptions);
      },
    });
  },
  { name: 'auth', dependencies: ['config', 'db'] },
);
