declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';
  /** Decrypts an `aes128gcm` Web Push body for the device's key pair and auth secret. */
  export function decrypt(
    buffer: Buffer,
    params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: Buffer | string },
  ): Buffer;
}
