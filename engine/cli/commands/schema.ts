import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PACK_SCHEMA_KINDS, isPackSchemaKind, packJsonSchema, type PackSchemaKind } from '../../pack/index.ts';
import { UsageError, type CliCommand } from '../command.ts';

const USAGE = `storyloom schema [${PACK_SCHEMA_KINDS.join('|')}] [--out DIR]`;

const HELP = `usage: ${USAGE}

Prints the JSON Schema of a story-pack file (all of them, keyed by kind, when no kind is given), or with --out
writes <kind>.schema.json files into DIR. Point your editor at them; with the YAML language server, a first line
  # yaml-language-server: $schema=../schemas/character.schema.json
in a pack file gives completion and checks as you type.
`;

/** JSON Schemas of the pack files, for editors. */
export const schemaCommand: CliCommand = {
  name: 'schema',
  summary: 'Print or write the JSON Schemas of story-pack files, for editor completion',
  usage: USAGE,
  async run(args, context) {
    const { values, positionals } = parseArgs({
      args: [...args],
      options: { out: { type: 'string' }, help: { type: 'boolean' } },
      allowPositionals: true,
      strict: true,
    });
    if (values.help) {
      context.io.stdout(HELP);
      return 0;
    }
    if (positionals.length > 1) throw new UsageError(`schema takes at most one kind, got ${positionals.length}`);
    const [name] = positionals;
    if (name !== undefined && !isPackSchemaKind(name)) {
      throw new UsageError(`unknown schema "${name}"; choose one of ${PACK_SCHEMA_KINDS.join(', ')}`);
    }
    const kinds: readonly PackSchemaKind[] = name === undefined ? PACK_SCHEMA_KINDS : [name];

    if (values.out === undefined) {
      const printed =
        name === undefined
          ? Object.fromEntries(kinds.map((kind) => [kind, packJsonSchema(kind)]))
          : packJsonSchema(name);
      context.io.stdout(`${JSON.stringify(printed, null, 2)}\n`);
      return 0;
    }
    const outDir = path.resolve(context.cwd, values.out);
    await mkdir(outDir, { recursive: true });
    for (const kind of kinds) {
      const file = path.join(outDir, `${kind}.schema.json`);
      await writeFile(file, `${JSON.stringify(packJsonSchema(kind), null, 2)}\n`);
      context.io.stdout(`wrote ${path.relative(context.cwd, file) || file}\n`);
    }
    return 0;
  },
};
