import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ApiKeyInput, BoundApiKey } from '../engine/llm/index.ts';

/**
 * The API key for remote providers, encrypted with the OS keychain (Electron's safeStorage) in `api-key.bin` in the
 * home, together with the origin of the endpoint it was entered for (the engine sends it nowhere else). Only main
 * ever holds the plain key: it decrypts it once and gives it to the engine.
 */
export const API_KEY_FILE = 'api-key.bin';
export const MAX_API_KEY_LENGTH = 4096;

/** The slice of Electron's safeStorage used here (tests pass a fake). */
export interface SafeStorageLike {
  isAsyncEncryptionAvailable(): Promise<boolean>;
  encryptStringAsync(plainText: string): Promise<Buffer>;
  decryptStringAsync(encrypted: Buffer): Promise<{ readonly result: string; readonly shouldReEncrypt: boolean }>;
  /** Linux only: `basic_text` means no keychain, i.e. no real protection. */
  getSelectedStorageBackend?(): string;
}

export interface KeyStore {
  /** A key file from before keys were bound has no origin: the engine binds it to the endpoint in the settings. */
  read(): Promise<ApiKeyInput | undefined>;
  write(key: BoundApiKey): Promise<void>;
  clear(): Promise<void>;
  has(): Promise<boolean>;
}

/** Why a key is not acceptable, or null. Keys are opaque single-line tokens. */
export function apiKeyProblem(key: unknown): string | null {
  if (typeof key !== 'string') return 'the API key must be a string';
  if (key.trim() === '') return 'the API key is empty';
  if (key.length > MAX_API_KEY_LENGTH) return `the API key is longer than ${MAX_API_KEY_LENGTH} characters`;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/u.test(key)) return 'the API key contains control characters';
  return null;
}

export function createKeyStore(home: string, safeStorage: SafeStorageLike, platform: string): KeyStore {
  const file = path.join(home, API_KEY_FILE);

  async function requireEncryption(): Promise<void> {
    if (!(await safeStorage.isAsyncEncryptionAvailable())) {
      throw new Error('the OS keychain is not available, so the API key cannot be stored safely');
    }
    if (platform === 'linux' && safeStorage.getSelectedStorageBackend?.() === 'basic_text') {
      throw new Error('no keychain (Secret Service or KWallet) is running, so the API key cannot be stored safely');
    }
  }

  async function write(bound: BoundApiKey): Promise<void> {
    const problem = apiKeyProblem(bound.key);
    if (problem !== null) throw new Error(problem);
    await writeEncrypted(JSON.stringify({ origin: bound.origin, key: bound.key.trim() } satisfies BoundApiKey));
  }

  async function writeEncrypted(plainText: string): Promise<void> {
    await requireEncryption();
    const encrypted = await safeStorage.encryptStringAsync(plainText);
    await mkdir(home, { recursive: true });
    await writeFile(`${file}.tmp`, encrypted, { mode: 0o600 });
    await rename(`${file}.tmp`, file);
  }

  async function readEncrypted(): Promise<Buffer | undefined> {
    try {
      return await readFile(file);
    } catch {
      return undefined;
    }
  }

  return {
    async read() {
      const encrypted = await readEncrypted();
      if (encrypted === undefined || !(await safeStorage.isAsyncEncryptionAvailable())) return undefined;
      const { result, shouldReEncrypt } = await safeStorage.decryptStringAsync(encrypted);
      if (shouldReEncrypt) await writeEncrypted(result);
      return parseStoredKey(result);
    },
    write,
    clear: () => rm(file, { force: true }),
    has: async () => (await readEncrypted()) !== undefined,
  };
}

/** The decrypted file: `{"origin","key"}` since keys are bound, a bare key before (keys never start with `{`). */
function parseStoredKey(text: string): ApiKeyInput {
  if (!text.startsWith('{')) return { key: text };
  const parsed: unknown = JSON.parse(text);
  if (
    typeof parsed === 'object' &&
    parsed !== null &&
    'key' in parsed &&
    'origin' in parsed &&
    typeof parsed.key === 'string' &&
    typeof parsed.origin === 'string'
  ) {
    return { key: parsed.key, origin: parsed.origin };
  }
  throw new Error(`${API_KEY_FILE} does not hold a key and its endpoint`);
}
