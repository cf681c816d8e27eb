import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { resolveHome, rootsFor } from '../../../engine/platform/index.ts';

describe('the user-data folder', () => {
  const base = { env: {}, userHome: '/home/ada' } as const;

  it('follows the OS convention', () => {
    expect(resolveHome({ ...base, platform: 'linux' })).toBe('/home/ada/.config/Storyloom');
    expect(resolveHome({ ...base, platform: 'darwin' })).toBe('/home/ada/Library/Application Support/Storyloom');
    expect(
      resolveHome({
        env: { APPDATA: 'C:\\Users\\ada\\AppData\\Roaming' },
        userHome: 'C:\\Users\\ada',
        platform: 'win32',
      }),
    ).toBe('C:\\Users\\ada\\AppData\\Roaming\\Storyloom');
  });

  it('honours XDG_CONFIG_HOME on Linux', () => {
    expect(resolveHome({ ...base, env: { XDG_CONFIG_HOME: '/cfg' }, platform: 'linux' })).toBe('/cfg/Storyloom');
  });

  it('lets STORYLOOM_HOME override the convention and --home override both', () => {
    const env = { STORYLOOM_HOME: '/data/sl' };
    expect(resolveHome({ ...base, env, platform: 'linux' })).toBe('/data/sl');
    expect(resolveHome({ ...base, env, platform: 'linux', override: '/tmp/x' })).toBe('/tmp/x');
  });

  it('puts saves, stories, models and settings under the home', () => {
    const roots = rootsFor('/h', '/app/stories');
    expect(roots).toEqual({
      home: '/h',
      builtinStories: '/app/stories',
      userStories: path.join('/h', 'stories'),
      saves: path.join('/h', 'saves'),
      models: [path.join('/h', 'models')],
      settingsFile: path.join('/h', 'settings.json'),
    });
  });
});
