/**
 * The release service's keys. A team's key may change one scope (a remote's folder, or `shell`); the host's
 * operator key may change everything. Only a key's SHA-256 is stored (deploy/releases/keys.json): whoever reads
 * that file cannot release with what they read. The file is read on every request, so a revoke takes effect at
 * once. The operator key itself is kept in deploy/releases/operator.key (mode 0600), for the host's own CLI.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type ReleaseScope, releaseScopes } from 'build-config/release-protocol';
import { revokePreviewLinks } from 'deploy-folder/preview/revocations';
import { keepPrivate, releasesFolder } from 'deploy-folder/private-files';
import { withFileLock, writeFileAtomic } from 'deploy-folder/remote-map-file';

export interface StoredKey {
  /** Who the key is for, as the audit names them (e.g. mf-portfolio-ci). */
  name: string;
  scope: ReleaseScope;
  /** Hex SHA-256 of the key. */
  sha256: string;
  createdAt: string;
  revokedAt?: string;
}

/** Who a request's key belongs to, and what it may change (`all`: the operator key). */
export interface KeyHolder {
  name: string;
  scope: ReleaseScope | 'all';
}

/** A key command refused: an unknown scope, a taken or unknown name. */
export class KeyError extends Error {
  override name = 'KeyError';
}

export const operatorKeyName = 'operator';
/** Names the audit gives changes nobody's key made; no key may take them. */
const reservedNames = new Set([operatorKeyName, 'automatic', 'start', 'start --publish', 'host']);
const namePattern = /^[a-z0-9][a-z0-9._-]{0,63}$/;

const releasesDir = (deploy: string) => join(deploy, 'releases');
export const keysFile = (deploy: string) => join(releasesDir(deploy), 'keys.json');
export const operatorKeyFile = (deploy: string) => join(releasesDir(deploy), 'operator.key');

export const hashKey = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');

/** 256 random bits; the prefix lets a secret scanner (and a person) tell what it is. */
const newKey = () => `agrk_${randomBytes(32).toString('base64url')}`;

const isStoredKey = (entry: unknown): entry is StoredKey => {
  const key = entry as Partial<StoredKey> | null;
  return (
    typeof key?.name === 'string' &&
    typeof key.sha256 === 'string' &&
    /^[0-9a-f]{64}$/.test(key.sha256) &&
    typeof key.createdAt === 'string' &&
    releaseScopes.includes(key.scope as ReleaseScope)
  );
};

export function readKeys(deploy: string): StoredKey[] {
  const file = keysFile(deploy);
  if (!existsSync(file)) return [];
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as { keys?: unknown };
    if (!Array.isArray(parsed.keys)) throw new Error('it has no "keys" list');
    return parsed.keys.filter(isStoredKey);
  } catch (error) {
    throw new Error(`${file} is broken (${(error as Error).message}); fix or delete it`);
  }
}

function updateKeys(deploy: string, change: (keys: StoredKey[]) => StoredKey[]) {
  releasesFolder(deploy);
  const file = keysFile(deploy);
  // Two operators creating keys at the same moment: one is refused (it says so), rather than one key lost.
  withFileLock(file, () => {
    writeFileAtomic(file, `${JSON.stringify({ keys: change(readKeys(deploy)) }, null, 2)}\n`);
    chmodSync(file, 0o600);
  });
}

/** The host's operator key, created (mode 0600) the first time it is asked for. */
export function ensureOperatorKey(deploy: string): string {
  const file = operatorKeyFile(deploy);
  // Every start of the service: releases/ 0700, the operator key 0600, whatever the umask or an earlier mode.
  releasesFolder(deploy);
  try {
    writeFileSync(file, `${newKey()}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    // Already there (perhaps written a moment ago by another start): that one stays the key.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  keepPrivate(file);
  if (existsSync(keysFile(deploy))) keepPrivate(keysFile(deploy));
  const key = readFileSync(file, 'utf8').trim();
  if (key === '') throw new Error(`${file} is empty; delete it and start the release service again`);
  return key;
}

function readOperatorKey(deploy: string): string | undefined {
  const file = operatorKeyFile(deploy);
  return existsSync(file) ? readFileSync(file, 'utf8').trim() || undefined : undefined;
}

export function parseScope(raw: string | undefined): ReleaseScope {
  const scope = releaseScopes.find((known) => known === raw);
  if (!scope) {
    throw new KeyError(
      `${raw === undefined ? 'No scope given' : `Unknown scope "${raw}"`}: a key is for one of ${releaseScopes.join(', ')}.`,
    );
  }
  return scope;
}

/** Creates a key for one scope; returns it (it is never shown again) with its name. */
export function createKey(
  deploy: string,
  scope: ReleaseScope,
  wantedName?: string,
  now = new Date(),
): { name: string; key: string } {
  const key = newKey();
  let name = '';
  updateKeys(deploy, (keys) => {
    const taken = new Set(keys.map((entry) => entry.name));
    if (wantedName !== undefined) {
      if (!namePattern.test(wantedName) || reservedNames.has(wantedName)) {
        throw new KeyError(
          `"${wantedName}" cannot name a key: use lowercase letters, digits, ".", "_" or "-" (up to 64), ` +
            `and none of ${[...reservedNames].join(', ')}.`,
        );
      }
      if (taken.has(wantedName))
        throw new KeyError(`A key named "${wantedName}" exists already (revoked keys keep their names).`);
      name = wantedName;
    } else {
      let index = 1;
      while (taken.has(`${scope}-${index}`)) index += 1;
      name = `${scope}-${index}`;
    }
    return [...keys, { name, scope, sha256: hashKey(key), createdAt: now.toISOString() }];
  });
  return { name, key };
}

/** Revokes a key by name, at once for every request after; the entry stays so the audit's names stay known. */
export function revokeKey(deploy: string, name: string, now = new Date()): StoredKey {
  let revoked: StoredKey | undefined;
  updateKeys(deploy, (keys) => {
    const found = keys.find((entry) => entry.name === name);
    if (!found) {
      const names = keys.map((entry) => entry.name);
      throw new KeyError(
        `No key is named "${name}"${names.length > 0 ? `; the keys are: ${names.join(', ')}` : '; there are no keys yet'}.`,
      );
    }
    if (found.revokedAt) throw new KeyError(`The key "${name}" was revoked already, at ${found.revokedAt}.`);
    revoked = { ...found, revokedAt: now.toISOString() };
    return keys.map((entry) => (entry === found ? (revoked as StoredKey) : entry));
  });
  // Every preview link the key made ends with it (a revoked key's name is never given to another key).
  revokePreviewLinks(deploy, { key: name });
  return revoked as StoredKey;
}

const sameHash = (a: string, b: string) => timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));

/**
 * Whose key this is: the operator's, or a stored key that is not revoked. Undefined for anything else (no key,
 * not a Bearer key, unknown, revoked).
 */
export function authenticate(deploy: string, authorization: string | undefined): KeyHolder | undefined {
  const match = /^Bearer ([\x21-\x7e]{1,200})$/.exec(authorization?.trim() ?? '');
  if (!match?.[1]) return undefined;
  const hash = hashKey(match[1]);
  const operator = readOperatorKey(deploy);
  if (operator && sameHash(hash, hashKey(operator))) return { name: operatorKeyName, scope: 'all' };
  const found = readKeys(deploy).find((entry) => sameHash(hash, entry.sha256));
  if (!found || found.revokedAt) return undefined;
  return { name: found.name, scope: found.scope };
}

export const mayChange = (holder: KeyHolder, scope: ReleaseScope) =>
  holder.scope === 'all' || holder.scope === scope;
