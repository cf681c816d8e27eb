import { describe, expect, it } from 'vitest';
import {
  buildMenuTemplate,
  menuItemIds,
  type MenuActions,
  type MenuItemSpec,
  type OsFolder,
} from '../../../electron/menu-template.ts';
import type { MenuCommand } from '../../../electron/shell-api.ts';

/** A test boundary fake of main's menu actions: records what each click asked for. */
function recordingActions() {
  const log: string[] = [];
  const actions: MenuActions = {
    send: (command: MenuCommand) => void log.push(`send:${command}`),
    openFolder: (folder: OsFolder) => void log.push(`open:${folder}`),
    importPackOrCard: () => void log.push('import'),
    reloadPacks: () => void log.push('reload'),
  };
  return { actions, log };
}

function find(template: readonly MenuItemSpec[], id: string): MenuItemSpec {
  for (const item of template) {
    if (item.id === id) return item;
    const inner = item.submenu === undefined ? undefined : findOrNull(item.submenu, id);
    if (inner !== undefined) return inner;
  }
  throw new Error(`no menu item ${id}`);
}
const findOrNull = (template: readonly MenuItemSpec[], id: string): MenuItemSpec | undefined => {
  try {
    return find(template, id);
  } catch {
    return undefined;
  }
};

const roles = (template: readonly MenuItemSpec[]): string[] =>
  template.flatMap((item) => [...(item.role === undefined ? [] : [item.role]), ...roles(item.submenu ?? [])]);

describe('the application menu', () => {
  const options = { appName: 'Storyloom', devTools: false };

  it('has every item of the issue, each doing what it says', () => {
    const { actions, log } = recordingActions();
    const template = buildMenuTemplate({ ...options, platform: 'linux' }, actions);
    const ids = [
      'new-game',
      'open-save',
      'import',
      'preferences',
      'toggle-debug',
      'reload-packs',
      'open-stories',
      'open-models',
    ];
    expect(menuItemIds(template)).toEqual(expect.arrayContaining(ids));
    for (const id of ids) find(template, id).click?.();
    expect(log).toEqual([
      'send:new-game',
      'send:open-save',
      'import',
      'send:preferences',
      'send:toggle-debug',
      'reload',
      'open:stories',
      'open:models',
    ]);
  });

  it('never shares a key with the renderer’s own Alt shortcuts, and no accelerator twice', () => {
    const template = buildMenuTemplate({ ...options, platform: 'win32' }, recordingActions().actions);
    const accelerators = menuItemIds(template).flatMap((id) => find(template, id).accelerator ?? []);
    expect(new Set(accelerators).size).toBe(accelerators.length);
    expect(accelerators.filter((key) => key.startsWith('Alt+'))).toEqual([]);
  });

  it('follows macOS conventions there: an app menu with Settings and Quit', () => {
    const mac = buildMenuTemplate({ ...options, platform: 'darwin' }, recordingActions().actions);
    expect(mac[0]?.label).toBe('Storyloom');
    expect(mac[0]?.submenu?.map((item) => item.id ?? item.role)).toContain('preferences');
    expect(roles(mac[0]?.submenu ?? [])).toContain('quit');
    expect(find(mac, 'preferences').label).toBe('Settings…');
    const linux = buildMenuTemplate({ ...options, platform: 'linux' }, recordingActions().actions);
    expect(linux[0]?.label).toBe('File');
    expect(roles(linux)).toContain('quit');
    expect(roles(linux)).not.toContain('services');
  });

  it('offers developer tools only in unpackaged builds', () => {
    const { actions } = recordingActions();
    expect(roles(buildMenuTemplate({ ...options, platform: 'linux' }, actions))).not.toContain('toggleDevTools');
    expect(roles(buildMenuTemplate({ ...options, platform: 'linux', devTools: true }, actions))).toContain(
      'toggleDevTools',
    );
  });
});
