/**
 * Hardware-key (usb key) driver interface. The page talks only to this; a vendor's browser plug-in
 * gets its own implementation, and the demo uses the software key in software-driver.ts.
 */
export interface UkeyCertificate {
  /** the account the certificate is bound to */
  userName: string;
  /** human-readable subject (shown to the user) */
  subject: string;
}

export interface UkeyDriver {
  /** name shown on the page */
  readonly name: string;
  /** is a key present and usable? */
  detect(): Promise<boolean>;
  readCertificate(): Promise<UkeyCertificate>;
  /** base64 signature of the UTF-8 bytes of the challenge */
  sign(challenge: string): Promise<string>;
}

export const toBase64 = (buf: ArrayBuffer) => {
  const bytes = new Uint8Array(buf);
  let s = '';
  for (let i = 0; i < bytes.length; i++) s += String.fromCharCode(bytes[i]);
  return btoa(s);
};

export const pemToDer = (pem: string): ArrayBuffer => {
  const b64 = pem.replace(/-----(BEGIN|END) [^-]+-----/g, '').replace(/\s+/g, '');
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out.buffer;
};
