/**
 * Software key for the demo and the tests: an Ed25519 private key (PKCS8 PEM) used through
 * WebCrypto. The PEM comes from the server's demo endpoint, which exists only with the demo seed.
 */
import { tokenAuth } from '../api/endpoints';
import { pemToDer, toBase64, type UkeyCertificate, type UkeyDriver } from './driver';

export class SoftwareKeyDriver implements UkeyDriver {
  readonly name = '软件证书（演示）';
  private key: CryptoKey | null = null;
  constructor(private readonly userName: string, private readonly pemSource: (userName: string) => Promise<string> = fetchDemoPem) {}

  async detect(): Promise<boolean> {
    if (!globalThis.crypto?.subtle) return false;
    try {
      await this.load();
      return true;
    } catch {
      return false;
    }
  }

  async readCertificate(): Promise<UkeyCertificate> {
    await this.load();
    return { userName: this.userName, subject: `CN=${this.userName}, O=党员教育培训平台（演示证书）` };
  }

  async sign(challenge: string): Promise<string> {
    const key = await this.load();
    const sig = await crypto.subtle.sign({ name: 'Ed25519' }, key, new TextEncoder().encode(challenge));
    return toBase64(sig);
  }

  private async load(): Promise<CryptoKey> {
    if (this.key) return this.key;
    const pem = await this.pemSource(this.userName);
    this.key = await crypto.subtle.importKey('pkcs8', pemToDer(pem), { name: 'Ed25519' }, false, ['sign']);
    return this.key;
  }
}

async function fetchDemoPem(userName: string): Promise<string> {
  const r = await tokenAuth.demoSoftwareKey(userName);
  if (!r?.privateKeyPem) throw new Error('未检测到证书');
  return r.privateKeyPem;
}
