import { parseArgs } from 'node:util';
import type { EngineClient, Result } from '../../api/index.ts';
import { UsageError, type CliCommand } from '../command.ts';
import { viewOf, withSaveApi } from '../save-api.ts';
import { formatChronicle } from './inspect-chronicle.ts';
import { formatContext } from './inspect-context.ts';
import { formatKnowledge } from './inspect-knowledge.ts';
import { formatLandscape, landscapeReport } from './inspect-landscape.ts';
import { promptsText } from './inspect-prompts.ts';
import { streamText } from './inspect-stream.ts';
import { formatTruth } from './inspect-truth.ts';
import type { ViewRequest } from './inspect-request.ts';

/** The turn a view is asked for, as the EngineApi takes it (none: the latest). */
function asOf(turn: number | undefined): { turn?: number } {
  return turn === undefined ? {} : { turn };
}

/** Each view is one EngineApi call (two for prompts, paged for the stream), printed as text or as its JSON. */
const VIEWS: Readonly<Record<string, (api: EngineClient, request: ViewRequest) => Promise<string>>> = {
  stream: streamText,
  prompts: promptsText,
  truth: async (api, { id, turn, json }) => shown(await api['saves.truth']({ id, ...asOf(turn) }), json, formatTruth),
  landscape: async (api, { id, turn, json }) => {
    const report = landscapeReport(viewOf(await api['saves.landscape']({ id, ...asOf(turn) })));
    return json ? `${JSON.stringify(report)}\n` : formatLandscape(report);
  },
  context: async (api, { id, turn, json }) =>
    shown(await api['saves.context']({ id, ...asOf(turn) }), json, formatContext),
  kg: async (api, { id, turn, json, graph }) =>
    shown(await api['saves.knowledge']({ id, graph, ...asOf(turn) }), json, formatKnowledge),
  chronicle: async (api, { id, turn, json }) =>
    shown(await api['saves.chronicle']({ id, ...asOf(turn) }), json, formatChronicle),
};
const USAGE =
  'storyloom inspect <save> stream|prompts|truth|landscape|context|chronicle|kg <world|persona|character-id> [--turn N] [--json]';

/**
 * Writers' view of a save: the whole stream (every owner, every type), every stage call of a turn, its truth set, its
 * narrative landscape, or how the Narrator's retrieved context was chosen. Read through the EngineApi, as the app's
 * debug drawer reads it.
 */
export const inspectCommand: CliCommand = {
  name: 'inspect',
  summary:
    'Show a save’s stream, every stage call (prompt, output, tokens) of a turn, its truth set and triggers, its narrative landscape, the Narrator’s retrieved context, the Chronicler’s story state and off-screen simulation, or a knowledge graph (world, persona, a character’s)',
  usage: USAGE,
  async run(args, context) {
    const { values, positionals } = parseArgs({
      args: [...args],
      allowPositionals: true,
      options: {
        turn: { type: 'string' },
        json: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
    });
    if (values.help) {
      context.io.stdout(`usage: ${USAGE}\n`);
      return 0;
    }
    const [saveArg, view, graph] = positionals;
    if (saveArg === undefined || view === undefined || !Object.hasOwn(VIEWS, view))
      throw new UsageError(`name a save and a view: ${Object.keys(VIEWS).join(', ')}`);
    const turn = values.turn === undefined ? undefined : Number(values.turn);
    if (turn !== undefined && (!Number.isInteger(turn) || turn < 1))
      throw new UsageError(`--turn must be a turn number, got "${values.turn}"`);
    const text = await withSaveApi(context, saveArg, { playedPacks: true }, (api, id) =>
      inspectView(api, view, { id, turn, json: values.json, graph: graphOf(view, graph) }),
    );
    if (text !== '') context.io.stdout(text);
    return 0;
  },
};

/** One view of a save as `inspect` prints it, read through the EngineApi client given. */
export function inspectView(api: EngineClient, view: string, request: ViewRequest): Promise<string> {
  const print = Object.hasOwn(VIEWS, view) ? VIEWS[view] : undefined;
  if (print === undefined) throw new UsageError(`name a save and a view: ${Object.keys(VIEWS).join(', ')}`);
  return print(api, request);
}

/** `kg` names its graph: the World KG, the persona's, or a character's. */
function graphOf(view: string, graph: string | undefined): string {
  if (view === 'kg' && graph === undefined)
    throw new UsageError('name a knowledge graph: world, persona or a character id');
  return graph ?? '';
}

function shown<T>(result: Result<T>, json: boolean, format: (view: T) => string): string {
  const view = viewOf(result);
  return json ? `${JSON.stringify(view)}\n` : format(view);
}
