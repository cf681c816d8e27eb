import { BrowserWindow, screen } from 'electron';
import { captureWindowState, MIN_SIZE, restoreBounds } from './window-state.ts';
import { loadWindowState, saveWindowState } from './window-state-file.ts';

export interface MainWindowOptions {
  readonly home: string;
  readonly preload: string;
  readonly title: string;
}

/** The one window: hardened webPreferences, and the size and place it had last time when a display can show it. */
export function createMainWindow(options: MainWindowOptions): BrowserWindow {
  const bounds = restoreBounds(loadWindowState(options.home), screen.getAllDisplays());
  const window = new BrowserWindow({
    width: bounds.width,
    height: bounds.height,
    ...(bounds.x === undefined ? {} : { x: bounds.x }),
    ...(bounds.y === undefined ? {} : { y: bounds.y }),
    minWidth: MIN_SIZE.width,
    minHeight: MIN_SIZE.height,
    title: options.title,
    show: false,
    webPreferences: {
      preload: options.preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false,
    },
  });
  window.once('ready-to-show', () => {
    if (bounds.maximized) window.maximize();
    window.show();
  });
  window.on('close', () => {
    try {
      saveWindowState(options.home, captureWindowState(window.getNormalBounds(), window.isMaximized()));
    } catch (error) {
      // Not remembering the window is no reason to stop closing it.
      console.warn(`Storyloom: could not save the window position: ${String(error)}`);
    }
  });
  return window;
}
