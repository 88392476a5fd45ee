import { createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Single sign-on tickets: a compact JWS (EdDSA / Ed25519) issued by the configured identity provider.
 * Claims: iss (must equal SSO_ISSUER), aud 'party-platform', sub (the user's SSO subject, or userName
 * when no subject is bound), exp, jti (each ticket is accepted once).
 */
export interface SsoClaims {
  iss: string;
  aud: string;
  sub: string;
  exp: number;
  jti: string;
  userName?: string;
}

export const SSO_AUDIENCE = 'party-platform';
const b64 = (v: string | Buffer) => Buffer.from(v).toString('base64url');

export function signSsoTicket(privateKey: KeyObject | string, claims: SsoClaims): string {
  const body = `${b64(JSON.stringify({ alg: 'EdDSA', typ: 'JWT' }))}.${b64(JSON.stringify(claims))}`;
  return `${body}.${sign(null, Buffer.from(body), privateKey).toString('base64url')}`;
}

export function verifySsoTicket(publicKeyPem: string, issuer: string, ticket: string, nowSeconds: number): SsoClaims | null {
  const parts = ticket.split('.');
  if (parts.length !== 3) return null;
  try {
    const header = JSON.parse(Buffer.from(parts[0], 'base64url').toString('utf8'));
    if (header.alg !== 'EdDSA') return null;
    const okSig = verify(null, Buffer.from(`${parts[0]}.${parts[1]}`), createPublicKey(publicKeyPem), Buffer.from(parts[2], 'base64url'));
    if (!okSig) return null;
    const claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8')) as SsoClaims;
    if (claims.iss !== issuer || claims.aud !== SSO_AUDIENCE || !claims.sub || !claims.jti) return null;
    if (typeof claims.exp !== 'number' || claims.exp <= nowSeconds) return null;
    return claims;
  } catch {
    return null;
  }
}

/**
 * Without SSO_PUBLIC_KEY the demo acts as its own identity provider: a key pair under
 * DATA_DIR/sso-demo, and `npm run sso:ticket -- <userName>` signs a ticket with it.
 */
export function demoIssuerKeys(dataDir: string): { publicKeyPem: string; privateKeyPem: string } {
  const dir = join(dataDir, 'sso-demo');
  const pub = join(dir, 'issuer-public.pem');
  const priv = join(dir, 'issuer-private.pem');
  if (!existsSync(pub) || !existsSync(priv)) {
    mkdirSync(dir, { recursive: true });
    const { publicKey, privateKey } = generateKeyPairSync('ed25519');
    writeFileSync(pub, publicKey.export({ type: 'spki', format: 'pem' }));
    writeFileSync(priv, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
  }
  return { publicKeyPem: readFileSync(pub, 'utf8'), privateKeyPem: readFileSync(priv, 'utf8') };
}
