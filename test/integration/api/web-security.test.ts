import { request } from 'node:http';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebServer, type WebServer } from '../../../engine/cli/web/server.ts';
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
    expect(String(response.headers['content-security-policy'])).toContain("default-src 'self'");
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
