import { app, BrowserWindow, dialog, ipcMain } from 'electron';
import path from 'node:path';
import os from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { IPC_EVENT_CHANNEL, registerIpcHandlers } from '../engine/api/index.ts';
import { createEngine, type Engine } from '../engine/host/index.ts';
import { randomIds, rngFactory, systemClock } from '../engine/platform/node.ts';
import { resolveHome, rootsFor } from '../engine/platform/index.ts';

// The main process is a thin relay: it hosts the engine, registers IPC from the handler map and opens the window.
const here = path.dirname(fileURLToPath(import.meta.url));
const appRoot = app.isPackaged ? process.resourcesPath : path.resolve(here, '../..');
const rendererIndex = path.join(here, '../renderer/index.html');
let engine: Engine | null = null;

async function start(): Promise<void> {
  const home = resolveHome({ env: process.env, platform: process.platform, userHome: os.homedir() });
  engine = await createEngine({
    ports: {
      clock: systemClock,
      ids: randomIds,
      rng: rngFactory,
      roots: rootsFor(home, path.join(appRoot, 'stories')),
    },
    appVersion: app.getVersion(),
    platform: process.platform,
    watchPacks: true,
  });
  const trustedPage = pathToFileURL(rendererIndex).href;
  registerIpcHandlers(ipcMain, engine.handlers, (frameUrl) => frameUrl === trustedPage);

  const window = new BrowserWindow({
    width: 1200,
    height: 860,
    title: 'Storyloom',
    webPreferences: {
      preload: path.join(here, 'preload.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
    },
  });
  engine.subscribe((event) => {
    if (!window.isDestroyed()) window.webContents.send(IPC_EVENT_CHANNEL, event);
  });
  window.webContents.setWindowOpenHandler(() => ({ action: 'deny' }));
  window.webContents.on('will-navigate', (event) => event.preventDefault());
  await window.loadFile(rendererIndex);
}

if (!app.requestSingleInstanceLock()) {
  // Another Storyloom is running: it gets the focus (second-instance below) and this one leaves at once.
  app.quit();
} else {
  app.on('second-instance', () => BrowserWindow.getAllWindows()[0]?.focus());
  app.on('window-all-closed', () => app.quit());
  app.on('before-quit', () => void engine?.dispose());
  void app
    .whenReady()
    .then(start)
    .catch((error: unknown) => {
      dialog.showErrorBox('Storyloom could not start', error instanceof Error ? error.message : String(error));
      app.quit();
    });
}
