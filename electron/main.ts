import { app, type BrowserWindow, dialog, ipcMain, Menu, safeStorage, shell } from 'electron';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { errorMessage, dispatch, IPC_EVENT_CHANNEL, registerIpcHandlers } from '../engine/api/index.ts';
import { createEngine, type Engine } from '../engine/host/index.ts';
import { importFile } from '../engine/pack/index.ts';
import { randomIds, rngFactory, systemClock } from '../engine/platform/node.ts';
import { resolveHome, rootsFor, type FileRoots } from '../engine/platform/index.ts';
import { registerDesktopHandlers } from './desktop-handlers.ts';
import { createKeyStore } from './key-store.ts';
import { buildMenuTemplate, type OsFolder } from './menu-template.ts';
import { describeImportReport, GGUF_FILTERS, IMPORT_FILTERS, importIntoNewPack } from './pack-import.ts';
import { hardenSession, registerAppScheme } from './security.ts';
import { RENDERER_PAGE } from './web-guards.ts';
import { guardIpcMain, isSamePage, type TrustedWindow } from './sender-guard.ts';
import { MENU_CHANNEL, type MenuCommand } from './shell-api.ts';
import { createMainWindow } from './window.ts';

// The main process is a thin relay: it hosts the engine, registers IPC from the handler map and opens the window.
const here = path.dirname(fileURLToPath(import.meta.url));
const appRoot = app.isPackaged ? process.resourcesPath : path.resolve(here, '../..');
const rendererRoot = path.join(here, '../renderer');
const trustedPage = RENDERER_PAGE;
let engine: Engine | null = null;
let mainWindow: BrowserWindow | null = null;

const trustedWindow = (): TrustedWindow | null =>
  mainWindow === null || mainWindow.isDestroyed()
    ? null
    : { webContents: mainWindow.webContents, pageUrl: trustedPage };

function send(command: MenuCommand): void {
  if (mainWindow !== null && !mainWindow.isDestroyed()) mainWindow.webContents.send(MENU_CHANNEL, command);
}

async function chooseFile(kind: 'import' | 'gguf', roots: FileRoots): Promise<string | null> {
  const options = {
    title: kind === 'import' ? 'Import a character card or lorebook' : 'Choose a GGUF model',
    properties: ['openFile' as const],
    filters: (kind === 'import' ? IMPORT_FILTERS : GGUF_FILTERS).map((filter) => ({
      ...filter,
      extensions: [...filter.extensions],
    })),
    ...(kind === 'gguf' && roots.models[0] !== undefined ? { defaultPath: roots.models[0] } : {}),
  };
  const picked =
    mainWindow === null ? await dialog.showOpenDialog(options) : await dialog.showOpenDialog(mainWindow, options);
  return picked.canceled ? null : (picked.filePaths[0] ?? null);
}

async function start(): Promise<void> {
  const home = resolveHome({ env: process.env, platform: process.platform, userHome: os.homedir() });
  const roots = rootsFor(home, path.join(appRoot, 'stories'));
  const keyStore = createKeyStore(home, safeStorage, process.platform);
  const apiKey = await keyStore.read().catch((error: unknown) => {
    console.warn(`Storyloom: the stored API key could not be decrypted: ${String(error)}`);
    return undefined;
  });
  const running = await createEngine({
    ports: { clock: systemClock, ids: randomIds, rng: rngFactory, roots },
    appVersion: app.getVersion(),
    platform: process.platform,
    apiKey,
    watchPacks: true,
    // Packaged: an extra resource; in a checkout: the repository's models/ folder.
    catalogFile: path.join(appRoot, 'models', 'catalog.json'),
  });
  engine = running;
  hardenSession(rendererRoot);

  // Every handler, EngineApi and desktop, answers only the main window's top frame showing the renderer.
  const guarded = guardIpcMain(ipcMain, trustedWindow);
  registerIpcHandlers(guarded, running.handlers, (frameUrl) => isSamePage(frameUrl, trustedPage));
  const reloadPacks = (): Promise<unknown> => dispatch(running.handlers, 'packs.reload', {});
  const importPackOrCard = async (file: string) => {
    const report = await importIntoNewPack(file, {
      userStories: roots.userStories,
      appVersion: app.getVersion(),
      exists: existsSync,
      importFile,
    });
    await reloadPacks();
    return report;
  };
  registerDesktopHandlers(guarded, {
    keyStore,
    applyApiKey: (key) => running.setApiKey(key),
    chooseFile: (kind) => chooseFile(kind, roots),
    importPackOrCard,
  });

  const openFolder = (folder: OsFolder): void => {
    const dir = folder === 'stories' ? roots.userStories : (roots.models[0] ?? path.join(home, 'models'));
    void mkdir(dir, { recursive: true }).then(() => shell.openPath(dir));
  };
  const importFromMenu = (): void => {
    void chooseFile('import', roots)
      .then(async (file) => {
        if (file === null) return;
        const report = await importPackOrCard(file);
        await dialog.showMessageBox({
          type: 'info',
          message: describeImportReport(report),
          detail: report.notes.join('\n'),
        });
      })
      .catch((error: unknown) => dialog.showErrorBox('Import failed', `${String(error)} (nothing was written)`));
  };
  const template = buildMenuTemplate(
    { platform: process.platform, appName: app.name, devTools: !app.isPackaged },
    { send, openFolder, importPackOrCard: importFromMenu, reloadPacks: () => void reloadPacks() },
  );
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));

  const window = createMainWindow({ home, preload: path.join(here, 'preload.cjs'), title: 'Storyloom' });
  mainWindow = window;
  window.on('closed', () => {
    if (mainWindow === window) mainWindow = null;
  });
  running.subscribe((event) => {
    if (!window.isDestroyed()) window.webContents.send(IPC_EVENT_CHANNEL, event);
  });
  await window.loadURL(RENDERER_PAGE);
}

registerAppScheme();
if (!app.requestSingleInstanceLock()) {
  // Another Storyloom is running: it gets the focus (second-instance below) and this one leaves at once.
  app.quit();
} else {
  app.on('second-instance', () => {
    if (mainWindow === null) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
  });
  app.on('window-all-closed', () => app.quit());
  app.on('before-quit', () => void engine?.dispose());
  void app
    .whenReady()
    .then(start)
    .catch((error: unknown) => {
      dialog.showErrorBox('Storyloom could not start', errorMessage(error));
      app.quit();
    });
}
