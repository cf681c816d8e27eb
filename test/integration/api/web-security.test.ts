import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../../engine/api/index.ts';
import { startWebServer, type WebServer } from '../../../engine/cli/web/server.ts';
import { encodePng, plainPng, withTextChunks } from '../../../engine/pack/export/png-write.ts';
import { readPngChunks } from '../../../engine/pack/import/png-read.ts';
import { V2_CARD } from '../../unit/import/cards.ts';
import { createTempEngine } from '../../support/temp-engine.ts';

let temp: Awaited<ReturnType<typeof createTempEngine>>;
let server: WebServer;

beforeAll(async () => {
  temp = await createTempEngine();
  const staticDir = path.join(temp.home, 'renderer');
  await mkdir(staticDir, { recursive: true });
  await writeFile(path.join(staticDir, 'index.html'), '<!doctype html><title>Storyloom</title>');
  await writeFile(path.join(temp.home, 'secret.txt'), 'outside the renderer folder');
  server = await startWebServer({ engine: temp.engine, port: 0, staticDir });
});
afterAll(async () => {
  await server.close();
  await temp.cleanup();
});

function send(pathAndQuery: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  return new Promise<{ status: number; body: string; headers: Record<string, unknown> }>((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: server.port, path: pathAndQuery, method: init.method ?? 'GET', headers: init.headers },
      (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}

describe('web mode', () => {
  it('listens on 127.0.0.1 only and prints a URL carrying the session token', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=.{20,}$/u);
  });

  it('refuses an API request without the token with an unauthorized value', async () => {
    const response = await send('/api/app.info', { method: 'POST', body: '{}' });
    expect(response.status).toBe(401);
    expect(JSON.parse(response.body)).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
  });

  it('refuses a wrong token', async () => {
    const response = await send('/api/app.info', {
      method: 'POST',
      body: '{}',
      headers: { 'x-storyloom-token': 'guess' },
    });
    expect(response.status).toBe(401);
  });

  it('answers with the token in the header', async () => {
    const response = await send('/api/app.info', {
      method: 'POST',
      body: '{}',
      headers: { 'x-storyloom-token': server.token },
    });
    expect(JSON.parse(response.body)).toMatchObject({ ok: true, value: { appVersion: '0.1.0' } });
  });

  it('refuses requests whose Host is not this loopback server (DNS rebinding)', async () => {
    const response = await send(`/?token=${server.token}`, { headers: { host: 'attacker.example' } });
    expect(response.status).toBe(403);
  });

  it('serves the page when opened with the token and sets an HttpOnly cookie for its assets', async () => {
    const response = await send(`/?token=${server.token}`);
    expect(response.status).toBe(200);
    expect(response.body).toContain('<title>Storyloom</title>');
    expect(String(response.headers['set-cookie'])).toContain('HttpOnly');
    expect(response.headers['content-security-policy']).toBe(contentSecurityPolicy('web'));
  });

  it('never serves files outside the renderer folder', async () => {
    const response = await send(`/..%2Fsecret.txt?token=${server.token}`);
    expect(response.status).toBe(404);
    expect(response.body).not.toContain('outside the renderer folder');
  });

  it('answers a body that is not JSON with invalid_params', async () => {
    const response = await send('/api/app.info', {
      method: 'POST',
      body: '{oops',
      headers: { 'x-storyloom-token': server.token },
    });
    expect(JSON.parse(response.body)).toMatchObject({ ok: false, error: { code: 'invalid_params' } });
  });

  it('refuses an events WebSocket without the token', async () => {
    const socket = new WebSocket(`ws://127.0.0.1:${server.port}/events`);
    const outcome = await new Promise<string>((resolve) => {
      socket.addEventListener('open', () => resolve('open'));
      socket.addEventListener('error', () => resolve('refused'));
    });
    expect(outcome).toBe('refused');
  });
});

describe('web mode on bad or large requests', () => {
  const api = (method: string, body: string) =>
    send(`/api/${method}`, { method: 'POST', body, headers: { 'x-storyloom-token': server.token } });

  it('answers an oversize body with 413 instead of resetting the connection', async () => {
    const response = await api('app.info', JSON.stringify({ padding: 'x'.repeat(5 * 1024 * 1024) }));
    expect(response.status).toBe(413);
    expect(JSON.parse(response.body)).toMatchObject({
      ok: false,
      error: { code: 'invalid_params', message: `the request body is larger than ${4 * 1024 * 1024} bytes` },
    });
    // The connection was not left in a broken state: the next call works.
    expect((await api('app.info', '{}')).status).toBe(200);
  });

  it('answers a malformed %-escape with 400, for the API and for files alike', async () => {
    const apiCall = await api('app.info%zz', '{}');
    expect(apiCall.status).toBe(400);
    expect(apiCall.body).toMatch(/malformed %-escape/u);
    expect((await send(`/assets/%E0%A4%A.js?token=${server.token}`)).status).toBe(400);
    expect((await send(`/%?token=${server.token}`)).status).toBe(400);
  });

  it('imports a card larger than the 4 MiB body cap of other calls', async () => {
    // A card whose portrait is 5 MiB: 6.7 MiB once base64-encoded in the request.
    const portrait = plainPng(4, [10, 20, 30]);
    const chunks = readPngChunks(portrait);
    const bulk = { type: 'blOb', data: randomBytes(5 * 1024 * 1024) };
    const big = encodePng([...chunks.slice(0, -1), bulk, ...chunks.slice(-1)]);
    const card = withTextChunks(big, new Map([['chara', Buffer.from(JSON.stringify(V2_CARD)).toString('base64')]]));
    const body = JSON.stringify({
      fileName: 'mara.png',
      contentBase64: Buffer.from(card).toString('base64'),
      into: { newPack: 'Big Portrait' },
    });
    expect(body.length).toBeGreaterThan(6 * 1024 * 1024);
    const response = await api('packs.import', body);
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body)).toMatchObject({
      ok: true,
      value: { createdPack: true, character: { name: 'Mara Quill' } },
    });
  });
});
