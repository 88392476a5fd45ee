/**
 * Demo identity provider: signs a single-sign-on ticket for a user with the demo issuer key in
 * DATA_DIR/sso-demo and prints the sign-in link. Usage: npx tsx scripts/sso-ticket.ts <userName>
 */
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { demoIssuerKeys, signSsoTicket, SSO_AUDIENCE } from '../src/server/security/sso';

const userName = process.argv[2] ?? 'admin';
const dataDir = resolve(process.env.DATA_DIR || './data');
const { privateKeyPem } = demoIssuerKeys(dataDir);
const ticket = signSsoTicket(privateKeyPem, {
  iss: process.env.SSO_ISSUER || 'demo-sso',
  aud: SSO_AUDIENCE,
  sub: userName,
  userName,
  jti: randomUUID(),
  exp: Math.floor(Date.now() / 1000) + 300,
});
const base = `http://${process.env.HOST || '127.0.0.1'}:${process.env.PORT || 8080}`;
console.log(`${base}/dj/singleSignOn?ticket=${ticket}`);
