import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  METHOD_NAMES,
  createEngineClient,
  createHttpTransport,
  createInProcessTransport,
  createIpcTransport,
  ipcChannelFor,
  IPC_EVENT_CHANNEL,
  registerIpcHandlers,
  type ClientTransport,
  type EngineEvent,
} from '../../../engine/api/index.ts';
import { startWebServer, type WebServer } from '../../../engine/cli/web/server.ts';
import { createFakeIpcPair } from '../../support/fake-ipc.ts';
import { createTempEngine } from '../../support/temp-engine.ts';

let temp: Awaited<ReturnType<typeof createTempEngine>>;
let server: WebServer;
let http: ReturnType<typeof createHttpTransport>;
const ipc = createFakeIpcPair();
const transports: Record<string, ClientTransport> = {};

beforeAll(async () => {
  temp = await createTempEngine();
  transports['in-process'] = createInProcessTransport(temp.engine);
  registerIpcHandlers(ipc.ipcMain, temp.engine.handlers, () => true);
  temp.engine.subscribe((event) => ipc.sendToRenderer(IPC_EVENT_CHANNEL, event));
  transports['electron-ipc'] = createIpcTransport(ipc.ipcRenderer);
  server = await startWebServer({ engine: temp.engine, port: 0, staticDir: null });
  http = createHttpTransport({ baseUrl: server.origin, token: server.token });
  transports['http+websocket'] = http;
});

afterAll(async () => {
  http.close();
  await server.close();
  await temp.cleanup();
});

describe.each(['in-process', 'electron-ipc', 'http+websocket'])('the %s transport', (name) => {
  const transport = () => transports[name] as ClientTransport;

  it('generates a client with exactly the handler map’s methods', () => {
    const { api } = createEngineClient(transport());
    expect(Object.keys(api).sort()).toEqual([...METHOD_NAMES].sort());
  });

  it('serves every method of the map: invalid params come back as a structured invalid_params value', async () => {
    for (const method of METHOD_NAMES) {
      const result = await transport().call(method, { notAParam: true });
      expect(result, method).toMatchObject({ ok: false, error: { code: 'invalid_params' } });
      if (!result.ok) expect(result.error.message).toContain(method);
    }
  });

  it('answers a method that is not in the map with unknown_method, never a thrown string', async () => {
    // @ts-expect-error — deliberately calling a name outside the map, as a hostile or outdated client would.
    const result = await transport().call('saves.format', {});
    expect(result).toMatchObject({ ok: false, error: { code: 'unknown_method' } });
  });

  it('answers valid calls with the same value as every other transport', async () => {
    const { api } = createEngineClient(transport());
    expect(await api['app.info']()).toEqual({
      ok: true,
      value: { appVersion: '0.1.0', home: temp.home, platform: 'linux', llmOverride: null },
    });
  });

  it('delivers engine events to subscribers', async () => {
    const received: EngineEvent[] = [];
    const { api, subscribe } = createEngineClient(transport());
    const unsubscribe = subscribe((event) => received.push(event));
    await new Promise((resolve) => setTimeout(resolve, 50)); // let the WebSocket connect
    await api['settings.update']({ appearance: { theme: 'sepia', font: 'serif', fontSize: 18 } });
    await expect.poll(() => received.map((event) => event.type)).toContain('settings.changed');
    unsubscribe();
  });
});

describe('server-side registration', () => {
  it('registers one IPC channel per method of the map and nothing else', () => {
    expect(ipc.registeredChannels().sort()).toEqual(METHOD_NAMES.map(ipcChannelFor).sort());
  });

  it('refuses IPC calls from frames that are not the app’s own page', async () => {
    const stranger = createFakeIpcPair('https://evil.example/');
    registerIpcHandlers(stranger.ipcMain, temp.engine.handlers, (url) => url === 'file:///app/out/renderer/index.html');
    const result = await createIpcTransport(stranger.ipcRenderer).call('app.info', {});
    expect(result).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
  });
});
