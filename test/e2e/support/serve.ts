import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';

export interface Served {
  readonly url: string;
  readonly origin: string;
  readonly token: string;
  readonly home: string;
  /** Calls the EngineApi directly, as the page does. */
  call(method: string, params: unknown): Promise<unknown>;
  stop(): Promise<void>;
}

/** Builds the renderer and the Electron bundles once, as `npm run build` does. */
export function buildApp(): void {
  execFileSync(process.execPath, ['scripts/build.ts'], { stdio: 'pipe' });
}

export interface ServeOptions {
  /** Pin the scripted provider with `--llm` (the default); false runs as a first start would, with no model. */
  readonly pinned?: boolean;
  /** Prepares the home before the server starts (e.g. writes saves into it). */
  readonly prepare?: (home: string) => Promise<void> | void;
}

/** Starts `storyloom serve` in a throwaway home with the given scripted replies; resolves when it prints its URL. */
export async function serve(scriptYaml: string, options: ServeOptions = {}): Promise<Served> {
  const home = mkdtempSync(join(tmpdir(), 'storyloom-e2e-'));
  const script = join(home, 'script.yaml');
  writeFileSync(script, scriptYaml);
  await options.prepare?.(home);
  const llm = options.pinned === false ? [] : ['--llm', `scripted:${script}`];
  const child = spawn(process.execPath, ['bin/storyloom.mjs', '--home', home, 'serve', '--port', '0', ...llm], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await urlFrom(child);
  const parsed = new URL(url);
  const token = parsed.searchParams.get('token') ?? '';
  return {
    url,
    origin: parsed.origin,
    token,
    home,
    async call(method, params) {
      const response = await fetch(`${parsed.origin}/api/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-storyloom-token': token },
        body: JSON.stringify(params),
      });
      return response.json();
    },
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGINT');
      await exited;
      rmSync(home, { recursive: true, force: true });
    },
  };
}

function urlFrom(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /https?:\/\/\S+/u.exec(out);
      if (match !== null) resolve(match[0]);
    });
    child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`storyloom serve exited (${String(code)}): ${err}`)));
  });
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

export const SCREENSHOTS = 'test-results/screenshots';

export function screenshotPath(name: string): string {
  mkdirSync(SCREENSHOTS, { recursive: true });
  return join(SCREENSHOTS, `${name}.png`);
}
