import { mkdir, mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_KEY_FILE, apiKeyProblem, createKeyStore, type SafeStorageLike } from '../../../electron/key-store.ts';

/** A test boundary fake of Electron's safeStorage: a reversible scramble, with switches for the keychain's state. */
function fakeSafeStorage(options: { available?: boolean; backend?: string; rotate?: boolean } = {}) {
  const scramble = (text: string): Buffer => Buffer.from(`enc:${Buffer.from(text).toString('base64')}`);
  const calls = { encrypt: 0 };
  const storage: SafeStorageLike = {
    isAsyncEncryptionAvailable: async () => options.available ?? true,
    encryptStringAsync: async (text) => {
      calls.encrypt += 1;
      return scramble(text);
    },
    decryptStringAsync: async (buffer) => {
      const raw = buffer.toString();
      if (!raw.startsWith('enc:')) throw new Error('not ours');
      return { result: Buffer.from(raw.slice(4), 'base64').toString(), shouldReEncrypt: options.rotate ?? false };
    },
    getSelectedStorageBackend: () => options.backend ?? 'gnome_libsecret',
  };
  return { storage, calls };
}

const KEY = { key: 'sk-1', origin: 'https://api.example.com' };

const tempHome = async (): Promise<string> => path.join(await mkdtemp(path.join(tmpdir(), 'storyloom-keys-')), 'home');

describe('the API key store', () => {
  it('keeps the key encrypted in the home and gives it back only in main', async () => {
    const home = await tempHome();
    const store = createKeyStore(home, fakeSafeStorage().storage, 'linux');
    expect(await store.has()).toBe(false);
    expect(await store.read()).toBeUndefined();

    await store.write({ key: '  sk-secret-123 ', origin: 'https://api.example.com' });
    const onDisk = await readFile(path.join(home, API_KEY_FILE));
    expect(onDisk.toString()).not.toContain('sk-secret-123');
    expect((await stat(path.join(home, API_KEY_FILE))).mode & 0o077).toBe(0);
    expect(await store.has()).toBe(true);
    expect(await store.read()).toEqual({ key: 'sk-secret-123', origin: 'https://api.example.com' });

    await store.clear();
    expect(await store.has()).toBe(false);
    await store.clear();
  });

  it('refuses to store without a real keychain', async () => {
    const home = await tempHome();
    const unavailable = createKeyStore(home, fakeSafeStorage({ available: false }).storage, 'linux');
    await expect(unavailable.write(KEY)).rejects.toThrow(/keychain is not available/u);
    const plainText = createKeyStore(home, fakeSafeStorage({ backend: 'basic_text' }).storage, 'linux');
    await expect(plainText.write(KEY)).rejects.toThrow(/no keychain/u);
    expect(await plainText.has()).toBe(false);
    // The backend question is Linux's only.
    await createKeyStore(home, fakeSafeStorage({ backend: 'basic_text' }).storage, 'darwin').write(KEY);
  });

  it('re-encrypts when the keychain rotated its key', async () => {
    const home = await tempHome();
    const { storage, calls } = fakeSafeStorage({ rotate: true });
    const store = createKeyStore(home, storage, 'win32');
    await store.write(KEY);
    expect(await store.read()).toEqual(KEY);
    expect(calls.encrypt).toBe(2);
  });

  it('reads a key file from before keys were bound as a key without an endpoint', async () => {
    const home = await tempHome();
    const { storage } = fakeSafeStorage();
    await mkdir(home, { recursive: true });
    await writeFile(path.join(home, API_KEY_FILE), await storage.encryptStringAsync('sk-legacy'));
    expect(await createKeyStore(home, storage, 'linux').read()).toEqual({ key: 'sk-legacy' });
  });

  it('accepts only single-line, non-empty keys of sane length', () => {
    expect(apiKeyProblem('sk-abc')).toBeNull();
    expect(apiKeyProblem(42)).toMatch(/string/u);
    expect(apiKeyProblem('   ')).toMatch(/empty/u);
    expect(apiKeyProblem('sk\nabc')).toMatch(/control/u);
    expect(apiKeyProblem('x'.repeat(5000))).toMatch(/longer/u);
  });
});
