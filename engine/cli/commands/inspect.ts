import { parseArgs } from 'node:util';
import { openSave, type SaveStore, type StoredStageCall } from '../../store/index.ts';
import { systemClock } from '../../platform/index.ts';
import { UsageError, type CliCommand, type CliContext } from '../command.ts';
import { readAppVersion } from '../install-paths.ts';
import { resolveSave } from '../save-path.ts';
import { printChronicle } from './inspect-chronicle.ts';
import { printContext } from './inspect-context.ts';
import { printKnowledge } from './inspect-knowledge.ts';
import { printLandscape } from './inspect-landscape.ts';
import { printTruth } from './inspect-truth.ts';

const VIEWS: readonly string[] = ['stream', 'prompts', 'truth', 'landscape', 'context', 'kg', 'chronicle'];
const USAGE =
  'storyloom inspect <save> stream|prompts|truth|landscape|context|chronicle|kg <world|persona|character-id> [--turn N] [--json]';

/**
 * Writers' view of a save: the whole stream (every owner, every type), every stage call of a turn, its truth set, its
 * narrative landscape, or how the Narrator's retrieved context was chosen.
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
    if (saveArg === undefined || view === undefined || !VIEWS.includes(view))
      throw new UsageError(`name a save and a view: ${VIEWS.join(', ')}`);
    const turn = values.turn === undefined ? undefined : Number(values.turn);
    if (turn !== undefined && (!Number.isInteger(turn) || turn < 1))
      throw new UsageError(`--turn must be a turn number, got "${values.turn}"`);
    const options = { clock: systemClock, appVersion: readAppVersion() };
    // For reading: a save being played elsewhere can be inspected.
    const store = await openSave(resolveSave(context, saveArg), options, 'read');
    try {
      if (view === 'stream') printStream(context, store, turn, values.json);
      else if (view === 'truth') await printTruth(context, store, turn, values.json);
      else if (view === 'landscape') await printLandscape(context, store, turn, values.json);
      else if (view === 'context') printContext(context, store, turn, values.json);
      else if (view === 'chronicle') await printChronicle(context, store, turn, values.json);
      else if (view === 'kg') await printKnowledge(context, store, graphOf(graph), turn, values.json);
      else printPrompts(context, store, turn, values.json);
      return 0;
    } finally {
      store.close();
    }
  },
};

/** `kg` names its graph: the World KG, the persona's, or a character's. */
function graphOf(graph: string | undefined): string {
  if (graph === undefined) throw new UsageError('name a knowledge graph: world, persona or a character id');
  return graph;
}

function printStream(context: CliContext, store: SaveStore, turn: number | undefined, json: boolean): void {
  const messages = store
    .messagesBefore(null, Number.MAX_SAFE_INTEGER)
    .filter((message) => turn === undefined || message.turnNumber === turn);
  for (const message of messages) {
    const record = {
      turn: message.turnNumber,
      seq: message.seq,
      owner: message.owner,
      type: message.type,
      mood: message.mood,
      content: message.content,
    };
    context.io.stdout(
      json
        ? `${JSON.stringify(record)}\n`
        : `${record.turn}.${record.seq} ${record.owner} ${record.type}${record.mood ? ` (${record.mood})` : ''}: ${record.content}\n`,
    );
  }
}

function printPrompts(context: CliContext, store: SaveStore, turn: number | undefined, json: boolean): void {
  const turns = store.turns();
  // A turn number names the committed turn; without one, the last attempt (a failed one included) is shown.
  const chosen =
    turn === undefined
      ? turns.at(-1)
      : turns.findLast((candidate) => candidate.number === turn && candidate.status === 'committed');
  if (chosen === undefined)
    throw new Error(turn === undefined ? 'this save has no turns yet' : `this save has no committed turn ${turn}`);
  const calls = store.stageCalls(chosen.id);
  if (json) {
    context.io.stdout(`${JSON.stringify({ turn: chosen.number, status: chosen.status, calls })}\n`);
    return;
  }
  context.io.stdout(
    `Turn ${chosen.number} (${chosen.status}${chosen.failure ? `: ${chosen.failure.stage} — ${chosen.failure.reason}` : ''})\n`,
  );
  for (const call of calls) context.io.stdout(formatCall(call));
}

function formatCall(call: StoredStageCall): string {
  const tokens = `prompt ${call.promptTokens ?? '?'} (cached ${call.cachedTokens ?? '?'}), generated ${call.generatedTokens ?? '?'}`;
  const prompt = call.prompt.map((message) => `  [${message.role}]\n${indent(message.content)}`).join('\n');
  const outcome = call.error === null ? `  [output]\n${indent(call.output ?? '')}` : `  [error] ${call.error}`;
  return `\n── ${call.seq}. ${call.stage} · ${call.principal} · ${call.provider}/${call.model} · ${tokens} · ${Math.round(call.totalMs ?? 0)} ms\n${prompt}\n${outcome}\n`;
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n');
}
