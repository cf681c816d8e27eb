import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import { roomsRule } from './scripts/lint/rooms-rule.ts';

/**
 * The engine's rooms, lowest first, and the rooms each may import (engine/README.md draws the same graph; a test
 * checks they agree). A room imports another only through its `index.ts`, or through a door named here: the lazy
 * doors of engine/llm keep node-llama-cpp and dev-only tools off the load path until they are needed. A new room
 * edge is a design change: add it here and to engine/README.md.
 */
export const ROOMS = {
  platform: { imports: [] },
  api: { imports: [] },
  stream: { imports: ['api'] },
  world: { imports: [] },
  events: { imports: [] },
  npc: { imports: [] },
  store: { imports: ['api', 'platform', 'stream'] },
  llm: { imports: ['api'], doors: ['local/index.ts', 'models/index.ts', 'tiny/index.ts'] },
  'stage-call': { imports: ['api', 'llm', 'platform', 'store'] },
  prompts: { imports: ['api', 'llm', 'stream'] },
  pack: { imports: ['api', 'events', 'npc', 'store', 'world'] },
  storykeeper: { imports: ['api', 'events', 'llm', 'pack', 'prompts', 'stream', 'world'] },
  boundary: {
    imports: [
      'api',
      'llm',
      'npc',
      'pack',
      'platform',
      'prompts',
      'stage-call',
      'store',
      'storykeeper',
      'stream',
      'world',
    ],
  },
  turn: {
    imports: [
      'api',
      'boundary',
      'events',
      'llm',
      'npc',
      'pack',
      'platform',
      'prompts',
      'stage-call',
      'store',
      'storykeeper',
      'stream',
      'world',
    ],
  },
  inspect: { imports: ['api', 'events', 'npc', 'pack', 'store', 'turn'] },
  host: { imports: ['api', 'inspect', 'llm', 'pack', 'platform', 'prompts', 'store', 'turn'] },
  cli: { imports: ['api', 'host', 'llm', 'pack', 'platform', 'stream'] },
};

export const engineRooms = {
  files: ['engine/**/*.ts'],
  plugins: { storyloom: { rules: { rooms: roomsRule } } },
  rules: { 'storyloom/rooms': ['error', { root: 'engine', rooms: ROOMS }] },
};

/**
 * Layers (ARCHITECTURE §2): the engine never imports electron, react or the other surfaces; the renderer reaches the
 * engine only through its public API (`engine/api`). These rules fail the lint when a layer is crossed.
 */
export const engineIsolation = {
  files: ['engine/**/*.ts'],
  rules: {
    '@typescript-eslint/no-restricted-imports': [
      'error',
      {
        paths: [
          { name: 'electron', message: 'engine/ must not import electron: add a port and an adapter in electron/.' },
          { name: 'react', message: 'engine/ must not import react: the renderer projects engine state.' },
          { name: 'react-dom', message: 'engine/ must not import react-dom.' },
          { name: 'zustand', message: 'engine/ must not import zustand: stores live in renderer/.' },
        ],
        patterns: [
          { regex: '^\\.{1,2}/(.*/)?renderer(/|$)', message: 'engine/ must not import renderer/.' },
          { regex: '^\\.{1,2}/(.*/)?electron(/|$)', message: 'engine/ must not import electron/.' },
        ],
      },
    ],
  },
};

/**
 * The Storykeeper's maths (engine/storykeeper's own files and lore/, not its index) is pure: it imports its own files
 * and engine/api's words only, never its adapters (`adapters/`: the pack, the truth set, the turn) nor another room.
 */
const isolation = engineIsolation.rules['@typescript-eslint/no-restricted-imports'][1];
const mathsMessage =
  'The Storykeeper maths is pure: only engine/api and its own files; pack and turn work is in adapters/.';
const pureMaths = (files, patterns) => ({
  files,
  ignores: ['engine/storykeeper/index.ts'],
  rules: {
    '@typescript-eslint/no-restricted-imports': [
      'error',
      {
        paths: isolation.paths,
        patterns: [...isolation.patterns, ...patterns.map((regex) => ({ regex, message: mathsMessage }))],
      },
    ],
  },
});
export const storykeeperMaths = [
  pureMaths(['engine/storykeeper/*.ts'], ['^\\./adapters(/|$)', '^\\.\\./(?!api/index\\.ts$)']),
  pureMaths(['engine/storykeeper/lore/**/*.ts'], ['^\\.\\./adapters(/|$)', '^\\.\\./\\.\\./(?!api/index\\.ts$)']),
];

export const rendererBoundary = {
  files: ['renderer/**/*.ts', 'renderer/**/*.tsx'],
  rules: {
    '@typescript-eslint/no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: '^\\.{1,2}/(.*/)?engine/(?!api(/|$))',
            message: 'renderer/ talks to the engine only through engine/api (its types and the generated client).',
          },
          {
            regex: '^\\.{1,2}/(.*/)?electron(/|$)',
            message: 'renderer/ must not import electron/: use the client it is given.',
          },
        ],
        paths: [{ name: 'electron', message: 'renderer/ runs sandboxed: use the EngineApi client.' }],
      },
    ],
  },
};

export default tseslint.config(
  { ignores: ['node_modules/', 'out/', 'dist/', 'release/', 'coverage/', 'test-results/', 'models/'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: 'Use the Rng port: randomness must be seeded and saved.' },
        { object: 'Date', property: 'now', message: 'Use the Clock port.' },
      ],
    },
  },
  {
    files: ['engine/platform/node.ts', 'test/**', 'scripts/**', 'electron/**', 'renderer/**'],
    rules: { 'no-restricted-properties': 'off' },
  },
  { files: ['renderer/**'], languageOptions: { globals: { ...globals.browser } } },
  engineIsolation,
  engineRooms,
  ...storykeeperMaths,
  rendererBoundary,
);
