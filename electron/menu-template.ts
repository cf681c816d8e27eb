import type { MenuCommand } from './shell-api.ts';

/**
 * The application menu as data. Renderer-facing items send a typed menu command; the OS-facing ones call back into
 * main (folders, the import dialog, reloading packs). A structural subset of Electron's MenuItemConstructorOptions.
 */
export type MenuRole =
  | 'about'
  | 'hide'
  | 'hideOthers'
  | 'unhide'
  | 'quit'
  | 'undo'
  | 'redo'
  | 'cut'
  | 'copy'
  | 'paste'
  | 'selectAll'
  | 'resetZoom'
  | 'zoomIn'
  | 'zoomOut'
  | 'togglefullscreen'
  | 'toggleDevTools'
  | 'minimize'
  | 'close'
  | 'services'
  | 'appMenu'
  | 'windowMenu';

export interface MenuItemSpec {
  label?: string;
  role?: MenuRole;
  type?: 'separator';
  accelerator?: string;
  id?: string;
  click?: () => void;
  submenu?: MenuItemSpec[];
}

export type OsFolder = 'stories' | 'models';

export interface MenuActions {
  /** Sends a command to the renderer (webContents.send on the menu channel). */
  send(command: MenuCommand): void;
  openFolder(folder: OsFolder): void;
  importPackOrCard(): void;
  reloadPacks(): void;
}

export interface MenuOptions {
  readonly platform: string;
  readonly appName: string;
  /** Developer tools only in unpackaged builds. */
  readonly devTools: boolean;
}

const separator: MenuItemSpec = { type: 'separator' };

export function buildMenuTemplate(options: MenuOptions, actions: MenuActions): MenuItemSpec[] {
  const mac = options.platform === 'darwin';
  const preferences: MenuItemSpec = {
    id: 'preferences',
    label: mac ? 'Settings…' : 'Preferences…',
    accelerator: 'CmdOrCtrl+,',
    click: () => actions.send('preferences'),
  };
  const file: MenuItemSpec = {
    label: 'File',
    submenu: [
      { id: 'new-game', label: 'New Game…', accelerator: 'CmdOrCtrl+N', click: () => actions.send('new-game') },
      { id: 'open-save', label: 'Open Save…', accelerator: 'CmdOrCtrl+O', click: () => actions.send('open-save') },
      { id: 'import', label: 'Import Pack or Card…', accelerator: 'CmdOrCtrl+I', click: actions.importPackOrCard },
      separator,
      { id: 'open-stories', label: 'Open Stories Folder', click: () => actions.openFolder('stories') },
      { id: 'open-models', label: 'Open Models Folder', click: () => actions.openFolder('models') },
      ...(mac ? [] : [separator, preferences, separator, { role: 'quit' } satisfies MenuItemSpec]),
      ...(mac ? [separator, { role: 'close' } satisfies MenuItemSpec] : []),
    ],
  };
  const edit: MenuItemSpec = {
    label: 'Edit',
    submenu: [
      { role: 'undo' },
      { role: 'redo' },
      separator,
      { role: 'cut' },
      { role: 'copy' },
      { role: 'paste' },
      { role: 'selectAll' },
    ],
  };
  const view: MenuItemSpec = {
    label: 'View',
    submenu: [
      // Alt+D is the renderer's own shortcut; the menu uses another so one key press never toggles twice.
      {
        id: 'toggle-debug',
        label: 'Toggle Debug',
        accelerator: 'CmdOrCtrl+Shift+D',
        click: () => actions.send('toggle-debug'),
      },
      { id: 'reload-packs', label: 'Reload Packs', accelerator: 'CmdOrCtrl+Shift+R', click: actions.reloadPacks },
      separator,
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      separator,
      { role: 'togglefullscreen' },
      ...(options.devTools ? [{ role: 'toggleDevTools' } satisfies MenuItemSpec] : []),
    ],
  };
  const app: MenuItemSpec = {
    label: options.appName,
    submenu: [
      { role: 'about' },
      separator,
      preferences,
      separator,
      { role: 'services' },
      separator,
      { role: 'hide' },
      { role: 'hideOthers' },
      { role: 'unhide' },
      separator,
      { role: 'quit' },
    ],
  };
  return [...(mac ? [app] : []), file, edit, view, { role: 'windowMenu' }];
}

/** Every item with an id, depth-first (for tests and for enabling items). */
export function menuItemIds(template: readonly MenuItemSpec[]): string[] {
  return template.flatMap((item) => [...(item.id === undefined ? [] : [item.id]), ...menuItemIds(item.submenu ?? [])]);
}
