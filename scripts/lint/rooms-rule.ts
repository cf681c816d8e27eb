import path from 'node:path';
import type { Rule } from 'eslint';

/**
 * The engine's folder rule (ARCHITECTURE §2): a file in `engine/<room>/` imports another room only if the room
 * matrix allows it, and only through one of that room's doors (its `index.ts`, or a door the matrix names).
 * Tests are outside the rule: they may reach into a room to pin one piece.
 */
export type RoomMatrix = Readonly<
  Record<string, { readonly imports: readonly string[]; readonly doors?: readonly string[] }>
>;

type RoomOptions = { readonly root: string; readonly rooms: RoomMatrix };

export const roomsRule: Rule.RuleModule = {
  meta: {
    type: 'problem',
    docs: { description: 'Engine rooms import only the rooms the matrix allows, through their index.ts.' },
    schema: [
      {
        type: 'object',
        properties: { root: { type: 'string' }, rooms: { type: 'object' } },
        required: ['root', 'rooms'],
        additionalProperties: false,
      },
    ],
    messages: {
      notAllowed:
        'engine/{{from}} may not import engine/{{to}} (the room matrix in eslint.config.js allows: {{allowed}}).',
      notADoor: "Import engine/{{to}} through {{doors}}, not '{{specifier}}'.",
      unknownRoom:
        'engine/{{room}} is not in the room matrix of eslint.config.js: add it with the rooms it may import.',
    },
  },
  create(context) {
    const { root, rooms } = context.options[0] as RoomOptions;
    const rootDir = path.resolve(context.cwd, root);
    const roomOf = (file: string): string | null => {
      const relative = path.relative(rootDir, file);
      if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
      const [first, ...rest] = relative.split(path.sep);
      return first !== undefined && rest.length > 0 ? first : null;
    };
    const fromRoom = roomOf(context.physicalFilename);
    if (fromRoom === null) return {};
    if (!(fromRoom in rooms)) {
      return {
        Program(node) {
          context.report({ node, messageId: 'unknownRoom', data: { room: fromRoom } });
        },
      };
    }
    const allowed = rooms[fromRoom]?.imports ?? [];

    const check = (node: Rule.Node, specifier: unknown) => {
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const target = path.resolve(path.dirname(context.physicalFilename), specifier);
      const toRoom = roomOf(target);
      if (toRoom === null || toRoom === fromRoom) return;
      if (!allowed.includes(toRoom)) {
        const data = { from: fromRoom, to: toRoom, allowed: allowed.join(', ') || 'none' };
        context.report({ node, messageId: 'notAllowed', data });
        return;
      }
      const doors = ['index.ts', ...(rooms[toRoom]?.doors ?? [])];
      const door = path.relative(path.join(rootDir, toRoom), target).split(path.sep).join('/');
      if (!doors.includes(door)) {
        const named = doors.map((name) => `engine/${toRoom}/${name}`).join(' or ');
        context.report({ node, messageId: 'notADoor', data: { to: toRoom, doors: named, specifier } });
      }
    };
    const sourceOf = (node: { source?: unknown }): unknown =>
      typeof node.source === 'object' && node.source !== null && 'value' in node.source ? node.source.value : null;

    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => check(node, sourceOf(node)),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => check(node, sourceOf(node)),
      // `import('x').T` in a type position: a TypeScript node ESTree does not name.
      TSImportType(node: Rule.Node & { argument?: { literal?: { value?: unknown } } }) {
        check(node, node.argument?.literal?.value);
      },
    };
  },
};
