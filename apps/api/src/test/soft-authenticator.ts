import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software WebAuthn platform authenticator (ES256, attestation "none") for API tests: it builds
 * the same registration and assertion JSON a browser returns, signed with a node:crypto key.
 */
interface StoredCredential {
  id: Buffer;
  privateKey: KeyObject;
  userHandle: string;
  counter: number;
}

const b64 = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();

export class SoftAuthenticator {
  readonly credentials: StoredCredential[] = [];

  constructor(
    readonly origin: string,
    readonly rpID = new URL(origin).hostname,
  ) {}

  private authData(flags: number, counter: number, attested?: Buffer): Buffer {
    const head = Buffer.alloc(37);
    sha256(this.rpID).copy(head, 0);
    head.writeUInt8(flags, 32);
    head.writeUInt32BE(counter, 33);
    return attested ? Buffer.concat([head, attested]) : head;
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false }));
  }

  /** Answers `navigator.credentials.create()` for options from generateRegistrationOptions. */
  register(options: Record<string, unknown>, { userVerified = true }: { userVerified?: boolean } = {}) {
    const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
    const id = randomBytes(32);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(id.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, id, Buffer.from(cose)]);
    const flags = 0x01 | (userVerified ? 0x04 : 0) | 0x40;
    const authData = this.authData(flags, 0, attested);
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', new Uint8Array(authData)],
      ]) as never,
    );
    const user = options.user as { id: string };
    this.credentials.push({ id, privateKey, userHandle: user.id, counter: 0 });
    return {
      id: b64(id),
      rawId: b64(id),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64(this.clientData('webauthn.create', options.challenge as string)),
        attestationObject: b64(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** Answers `navigator.credentials.get()`; with no allow-list it picks its first (discoverable) credential. */
  assert(options: Record<string, unknown>, { userVerified = true, credential }: { userVerified?: boolean; credential?: number } = {}) {
    const allowed = ((options.allowCredentials as { id: string }[] | undefined) ?? []).map((c) => c.id);
    const stored =
      credential !== undefined ? this.credentials[credential] : this.credentials.find((c) => allowed.length === 0 || allowed.includes(b64(c.id)));
    if (!stored) throw new Error('El autenticador no tiene una credencial para estas opciones.');
    stored.counter += 1;
    const authData = this.authData(0x01 | (userVerified ? 0x04 : 0), stored.counter);
    const clientData = this.clientData('webauthn.get', options.challenge as string);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), stored.privateKey);
    return {
      id: b64(stored.id),
      rawId: b64(stored.id),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64(clientData),
        authenticatorData: b64(authData),
        signature: b64(signature),
        userHandle: stored.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}
