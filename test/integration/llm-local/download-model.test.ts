import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DownloadProgress } from '../../../engine/api/dto.ts';
import { modelsCommand } from '../../../engine/cli/commands/models.ts';
import { downloadModel } from '../../../engine/llm/models/index.ts';

/** ipull downloads and resumes in 5 MB chunks: the file spans several so a cancel can keep some of them. */
const FILE_SIZE = 16 * 1024 * 1024;
const CHUNK = 64 * 1024;

/** A test boundary fake of a model host: serves one file over plain http on loopback, with Range support. */
class FakeModelHost {
  readonly body = randomBytes(FILE_SIZE);
  /** Bytes sent for Range requests (the downloader's first, range-less request only probes the size). */
  rangeBytesSent = 0;
  /** Delay per 64 KB chunk, so a download takes long enough to cancel mid-way. */
  throttleMs = 5;
  private readonly server: Server = createServer((request, response) => {
    if (request.url !== '/tiny-story.gguf') return void response.writeHead(404).end('not found');
    const range = /bytes=(\d+)-(\d*)/u.exec(request.headers.range ?? '');
    const start = range ? Number(range[1]) : 0;
    const end = range?.[2] ? Number(range[2]) : FILE_SIZE - 1;
    const headers = {
      'content-type': 'application/octet-stream',
      'accept-ranges': 'bytes',
      'content-length': end - start + 1,
    };
    response.writeHead(
      range ? 206 : 200,
      range ? { ...headers, 'content-range': `bytes ${start}-${end}/${FILE_SIZE}` } : headers,
    );
    if (request.method === 'HEAD') return void response.end();
    let position = start;
    const pump = (): void => {
      if (response.destroyed) return;
      if (position > end) return void response.end();
      const slice = this.body.subarray(position, Math.min(position + CHUNK, end + 1));
      position += slice.length;
      if (range) this.rangeBytesSent += slice.length;
      response.write(slice);
      setTimeout(pump, this.throttleMs);
    };
    pump();
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/tiny-story.gguf`;
  }
  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

describe('downloadModel over plain http on 127.0.0.1', () => {
  const host = new FakeModelHost();
  let url: string;
  let directory: string;
  beforeAll(async () => {
    url = await host.start();
    directory = await mkdtemp(join(tmpdir(), 'storyloom-download-'));
  });
  afterAll(async () => {
    await host.stop();
    await rm(directory, { recursive: true, force: true });
  });

  it('reports progress, cancels mid-way keeping the partial file, then resumes to a byte-identical file', async () => {
    const controller = new AbortController();
    const partial = join(directory, 'tiny-story.gguf.ipull');
    const first: DownloadProgress[] = [];
    const cancelled = await downloadModel({
      uri: url,
      directory,
      downloadId: 'dl-1',
      signal: controller.signal,
      onProgress: (progress) => {
        first.push(progress);
        // Cancel once at least one 5 MB chunk has been written to the partial file.
        if (progress.downloadedBytes > FILE_SIZE / 2 && existsSync(partial)) controller.abort();
      },
    });
    expect(cancelled).toMatchObject({
      state: 'cancelled',
      path: null,
      downloadId: 'dl-1',
      fileName: 'tiny-story.gguf',
    });
    const downloading = first.filter((progress) => progress.state === 'downloading');
    expect(downloading.length).toBeGreaterThan(3);
    expect(downloading.every((progress) => progress.totalBytes === FILE_SIZE)).toBe(true);
    expect(downloading.some((progress) => (progress.bytesPerSecond ?? 0) > 0)).toBe(true);
    expect(first.at(-1)?.state).toBe('cancelled');
    expect(await readdir(directory)).toEqual(['tiny-story.gguf.ipull']);

    host.rangeBytesSent = 0;
    host.throttleMs = 0;
    const states: string[] = [];
    const done = await downloadModel({ uri: url, directory, onProgress: (progress) => states.push(progress.state) });
    expect(done).toMatchObject({ state: 'done', path: join(directory, 'tiny-story.gguf'), downloadedBytes: FILE_SIZE });
    expect(states.at(-1)).toBe('done');
    expect(sha256(await readFile(join(directory, 'tiny-story.gguf')))).toBe(sha256(host.body));
    expect(await readdir(directory)).toEqual(['tiny-story.gguf']);
    // Resumed, not restarted: the chunks kept from the first run were not fetched again.
    expect(host.rangeBytesSent).toBeLessThanOrEqual(FILE_SIZE - 5 * 1024 * 1024);
  });

  it('`storyloom models pull` prints progress on stderr and the path on stdout', async () => {
    const into = join(directory, 'pulled');
    let stdout = '';
    let stderr = '';
    const context = {
      io: { stdout: (text: string) => (stdout += text), stderr: (text: string) => (stderr += text) },
      env: {},
      cwd: directory,
      signal: new AbortController().signal,
      roots: { home: directory, builtinStories: '', userStories: '', saves: '', models: [], settingsFile: '' },
    };
    expect(await modelsCommand.run(['pull', url, '--dir', 'pulled'], context)).toBe(0);
    expect(stdout).toBe(`${join(into, 'tiny-story.gguf')}\n`);
    expect(stderr).toMatch(/tiny-story\.gguf: \d+% \(.*MB \/ 16\.8 MB/u);
  });

  it('reports a missing file as failed instead of throwing', async () => {
    const result = await downloadModel({ uri: url.replace('tiny-story', 'missing'), directory });
    expect(result.state).toBe('failed');
    expect(result.error).toBeTruthy();
  });
});
