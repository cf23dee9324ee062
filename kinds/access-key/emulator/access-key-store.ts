/**
 * The emulator's access keys (the S3-style keys of recent CloudAPI), per account and sub-user, as
 * UFDS keeps them: each with its id, its secret, its status and description, persisted as its own
 * part (`<dataDir>/accesskeys.json`). CloudAPI reads and writes them on the UFDS master, so they are
 * read as written (no consistency window).
 */
import { crc32 } from 'node:zlib';
import { randomBytes } from 'node:crypto';
import type { EmulatorContext } from '../../../emulator/core/context.js';
import type { VersionedTable } from '../../../emulator/core/store/versioned-table.js';

/** One stored access key. */
export interface AccessKeyRecord {
  /** 32 lower-case hexadecimal digits (16 random bytes), as node-ufds makes it. */
  id: string;
  /** The secret; answered only by the create that made it. */
  secret: string;
  /** `Active`, `Inactive` or `Expired`. */
  status: string;
  description?: string;
  /** Owner account id. */
  owner: string;
  /** The sub-user's id, for a sub-user's key. */
  user?: string;
  /** Milliseconds since the epoch. */
  created: number;
  updated: number;
}

/** The persistence part name. */
export const ACCESS_KEYS_PART = 'accesskeys';

/** The secrets' prefix (node-ufds `DEFAULT_PREFIX`: "Triton DataCenter"). */
const SECRET_PREFIX = 'tdc_';

/** Random bytes in a secret (node-ufds `DEFAULT_BYTE_LENGTH`). */
const SECRET_BYTES = 32;

/**
 * A new secret in node-ufds' format: the prefix, then base64url of the random bytes followed by the
 * CRC-32 (little-endian) of prefix and random bytes, so a client can tell a mistyped secret from a
 * wrong one without asking the server.
 */
export function newAccessKeySecret(): string {
  const random = randomBytes(SECRET_BYTES);
  const crc = Buffer.alloc(4);
  crc.writeInt32LE(crc32(Buffer.concat([Buffer.from(SECRET_PREFIX), random])) | 0, 0);
  return SECRET_PREFIX + Buffer.concat([random, crc]).toString('base64url');
}

/** Whether `secret` has the structure {@link newAccessKeySecret} gives (prefix, length, checksum). */
export function isAccessKeySecret(secret: string): boolean {
  if (!secret.startsWith(SECRET_PREFIX)) return false;
  const body = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64url');
  if (body.length !== SECRET_BYTES + 4) return false;
  const random = body.subarray(0, SECRET_BYTES);
  return (crc32(Buffer.concat([Buffer.from(SECRET_PREFIX), random])) | 0) === body.readInt32LE(SECRET_BYTES);
}

/** A new access key id (node-ufds: 16 random bytes in hexadecimal). */
export function newAccessKeyId(): string {
  return randomBytes(16).toString('hex');
}

/**
 * Every account's and sub-user's access keys, in creation order: account-wide (UFDS), so with
 * several datacenters each datacenter's CloudAPI reads its replica of the one table.
 */
export class AccessKeyStore {
  private readonly keys: VersionedTable<AccessKeyRecord>;
  private readonly changed: () => void;

  constructor(private readonly ctx: EmulatorContext) {
    const shared = ctx.store.sharedTable<AccessKeyRecord>(ACCESS_KEYS_PART, (k) => k.id);
    this.keys = shared.table;
    this.changed = shared.changed;
  }

  /** The keys of the account `owner` itself (`user` absent) or of its sub-user `user`. */
  listOf(owner: string, user: string | undefined): AccessKeyRecord[] {
    return this.keys.currentAll().filter((k) => k.owner === owner && k.user === user);
  }

  /** The key `id` when it belongs to `owner` (and `user`), as UFDS finds it under the owner's entry. */
  get(owner: string, user: string | undefined, id: string): AccessKeyRecord | undefined {
    const key = this.keys.current(id);
    return key !== undefined && key.owner === owner && key.user === user ? key : undefined;
  }

  /** Writes `key` (new or replacing the one with its id). */
  put(key: AccessKeyRecord): void {
    this.keys.put(key, this.ctx.clock());
    this.changed();
  }

  /** Removes the key `id`. */
  delete(id: string): void {
    this.keys.delete(id, this.ctx.clock());
    this.changed();
  }
}
