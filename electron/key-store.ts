import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The API key for remote providers, encrypted with the OS keychain (Electron's safeStorage) in `api-key.bin` in the
 * home. Only main ever holds the plain key: it decrypts it once and gives it to the engine.
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
  read(): Promise<string | undefined>;
  write(key: string): Promise<void>;
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

  async function write(key: string): Promise<void> {
    const problem = apiKeyProblem(key);
    if (problem !== null) throw new Error(problem);
    await requireEncryption();
    const encrypted = await safeStorage.encryptStringAsync(key.trim());
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
      if (shouldReEncrypt) await write(result);
      return result;
    },
    write,
    clear: () => rm(file, { force: true }),
    has: async () => (await readEncrypted()) !== undefined,
  };
}
