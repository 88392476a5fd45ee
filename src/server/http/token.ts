import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** Minimal HS256 JWT: we only ever verify tokens we issued, so no algorithm negotiation. */
const b64url = (b: Buffer | string) => Buffer.from(b).toString('base64url');
const HEADER = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

export interface TokenClaims {
  sub: string;
  jti: string;
  iat: number;
  exp: number;
  iss: string;
}

export const ISSUER = 'party-platform';

export function signToken(secret: Buffer, claims: TokenClaims): string {
  const body = `${HEADER}.${b64url(JSON.stringify(claims))}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}

/** Returns the claims of a well-formed, correctly signed, unexpired token, else null. */
export function verifyToken(secret: Buffer, token: string, nowSeconds: number): TokenClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== HEADER) return null;
  const expected = createHmac('sha256', secret).update(`${parts[0]}.${parts[1]}`).digest();
  const given = Buffer.from(parts[2], 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8')) as TokenClaims;
    if (claims.iss !== ISSUER || typeof claims.exp !== 'number' || claims.exp <= nowSeconds) return null;
    return claims;
  } catch {
    return null;
  }
}

export const newId = (bytes = 16) => randomBytes(bytes).toString('base64url');
