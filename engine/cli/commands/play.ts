import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import {
  createEngineClient,
  createInProcessTransport,
  type CreatedName,
  type EngineClient,
  type PlayResult,
  type Result,
  type SettledWork,
} from '../../api/index.ts';
import { slowGenerationWarning } from '../play/slow-generation.ts';
import { UsageError, type CliCommand, type CliContext } from '../command.ts';
import { createCliEngine } from '../engine-for-cli.ts';
import { unwrap } from '../save-api.ts';
import { rememberPackFolder } from '../pack-folders.ts';
import { readAppVersion } from '../install-paths.ts';
import { loadPack, parseInputs, readInputsFile, type ScriptedInput } from '../../pack/index.ts';
import { createTranscriptPrinter } from '../play/transcript-printer.ts';
import { chosenInput, formatChoices } from '../play/choices.ts';

const USAGE =
  'storyloom play <pack-dir|pack-id> [--save ID] [--persona ID] [--seed N] [--greeting N] [--llm SPEC] [--input TEXT]... [--inputs FILE] [--json] [--sandbox]';

export const playCommand: CliCommand = {
  name: 'play',
  summary: 'Play a story in the terminal (interactive, or the turns given with --input/--inputs)',
  usage: USAGE,
  async run(args, context) {
    const { values, positionals } = parseArgs({
      args: [...args],
      allowPositionals: true,
      options: {
        save: { type: 'string' },
        persona: { type: 'string' },
        seed: { type: 'string' },
        greeting: { type: 'string' },
        llm: { type: 'string' },
        input: { type: 'string', multiple: true },
        inputs: { type: 'string' },
        json: { type: 'boolean', default: false },
        sandbox: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
    });
    if (values.help) {
      context.io.stdout(
        `usage: ${USAGE}\n\nSPEC: local:<model.gguf> | openai:<baseURL>#<model> | scripted:<replies.yaml>\n`,
      );
      return 0;
    }
    if (
      values.save !== undefined &&
      (values.persona !== undefined || values.seed !== undefined || values.greeting !== undefined)
    ) {
      throw new UsageError(
        '--persona, --seed and --greeting set up a new game; they cannot change the save given with --save',
      );
    }
    const greeting = values.greeting === undefined ? undefined : Number(values.greeting);
    if (greeting !== undefined && (!Number.isInteger(greeting) || greeting < 0))
      throw new UsageError(`--greeting must be 0 (none) or a greeting's number from 1, got "${values.greeting}"`);
    const [packArg, ...extra] = positionals;
    if (packArg === undefined || extra.length > 0)
      throw new UsageError('name one story pack: a folder or an installed pack id');
    const packDir = isDirectory(path.resolve(context.cwd, packArg)) ? path.resolve(context.cwd, packArg) : null;
    const packId = packDir === null ? packArg : await packIdOf(packDir);
    // So `inspect` can find the pack of this save later, as it finds an installed one.
    if (packDir !== null) await rememberPackFolder(context.roots, packId, packDir);

    const engine = await createCliEngine(context, { llm: values.llm, packDirs: packDir === null ? [] : [packDir] });
    try {
      const { api, subscribe } = createEngineClient(createInProcessTransport(engine));
      const file =
        values.inputs === undefined ? { inputs: [] } : await readInputsFile(path.resolve(context.cwd, values.inputs));
      const seed = values.seed === undefined ? file.seed : Number(values.seed);
      if (seed !== undefined && !Number.isInteger(seed))
        throw new UsageError(`--seed must be a whole number, got "${values.seed}"`);
      const save = await openOrCreateSave(api, context, {
        packId,
        save: values.save,
        persona: values.persona ?? file.persona,
        seed,
        greeting,
      });
      const scripted: ScriptedInput[] = [...file.inputs, ...parseInputs((values.input ?? []).join('\n'))];
      const names = await nameLookup(api, save.packId, save.id);
      if (save.created) await printOpening(api, context, save, values.json);
      subscribe((event) => {
        if (event.type === 'llm.slow') context.io.stderr(`${slowGenerationWarning(event)}\n`);
      });
      if (!values.json) {
        subscribe(
          createTranscriptPrinter({
            write: context.io.stdout,
            personaId: save.personaId,
            sandbox: values.sandbox,
            names: names.of,
          }),
        );
      }
      const play = async (input: ScriptedInput, saveId: string) => {
        const result = await api['play.submit']({ saveId, text: input.text, thought: input.thought });
        // A character the story created is named from the turn after its creation's: its lines print by name.
        if (result.ok && (result.value.kind === 'turn' || result.value.kind === 'forked'))
          names.learn(result.value.createdNames);
        return result;
      };
      const cancel: Cancel = (saveId) => api['play.cancel']({ saveId });
      const settle: Settle = (saveId) => api['play.settle']({ saveId });
      if (scripted.length > 0 || values.json)
        return await playScripted(context, { play, cancel, settle }, save.id, scripted, values.json);
      return await playInteractive(context, play, cancel, save.id);
    } finally {
      await engine.dispose();
    }
  },
};

type Play = (input: ScriptedInput, saveId: string) => Promise<Result<PlayResult>>;
type Cancel = (saveId: string) => Promise<unknown>;
type Settle = (saveId: string) => Promise<Result<SettledWork>>;

async function playScripted(
  context: CliContext,
  { play, cancel, settle }: { readonly play: Play; readonly cancel: Cancel; readonly settle: Settle },
  firstSaveId: string,
  inputs: readonly ScriptedInput[],
  json: boolean,
): Promise<number> {
  let saveId = firstSaveId;
  let failures = 0;
  let choices: readonly string[] = [];
  // Ctrl-C cancels the turn being played (nothing of it is kept) and stops the remaining inputs.
  const stop = (): void => void cancel(saveId);
  context.signal.addEventListener('abort', stop, { once: true });
  for (const input of inputs) {
    if (context.signal.aborted) break;
    const result = unwrap(await play({ ...input, text: chosenInput(input.text, choices) }, saveId));
    saveId = result.saveId;
    choices = offeredChoices(result, choices);
    if (json) context.io.stdout(jsonLines(result));
    else if (result.kind === 'notice') context.io.stdout(`${result.message}\n\n`);
    else if (result.kind !== 'failed') context.io.stdout(formatChoices(choices));
    if (result.kind === 'failed' || (result.kind === 'notice' && result.problem)) failures++;
  }
  // The last turn's extractors run after it resolved: wait for them, so the save holds what they wrote.
  if (!context.signal.aborted) {
    const { failure } = unwrap(await settle(saveId));
    if (failure !== null) {
      failures++;
      const line = `The after-turn work of turn ${failure.turn} failed: ${failure.step} (${failure.reason}).`;
      context.io.stderr(`${line} It resumes when the save is played again.\n`);
    }
  }
  context.signal.removeEventListener('abort', stop);
  if (!json) context.io.stderr(`save: ${saveId}\n`);
  return failures === 0 && !context.signal.aborted ? 0 : 1;
}

async function playInteractive(context: CliContext, play: Play, cancel: Cancel, firstSaveId: string): Promise<number> {
  let saveId = firstSaveId;
  let playing = false;
  context.io.stdout(
    'Write what you intend to do, then Enter. A line starting with ~ is a private thought for your next turn.\nType /help for commands, Ctrl-D to stop.\n\n',
  );
  const lines = createInterface({
    input: process.stdin,
    output: process.stdout,
    terminal: process.stdin.isTTY,
    prompt: '» ',
  });
  context.signal.addEventListener('abort', () => lines.close(), { once: true });
  // Ctrl-C: during a turn it cancels the turn (nothing of it is kept); at the prompt it ends the game.
  lines.on('SIGINT', () => {
    if (playing) void cancel(saveId);
    else lines.close();
  });
  let thought: string | null = null;
  let choices: readonly string[] = [];
  lines.prompt();
  for await (const line of lines) {
    if (line.trim().startsWith('~')) {
      thought = line.trim().slice(1).trim() || null;
    } else if (line.trim() !== '') {
      playing = true;
      const result = unwrap(await play({ text: chosenInput(line, choices), thought }, saveId));
      playing = false;
      thought = null;
      saveId = result.saveId;
      choices = offeredChoices(result, choices);
      if (result.kind === 'notice') context.io.stdout(`${result.message}\n\n`);
      if (result.kind === 'forked')
        context.io.stdout(`(${result.reason}: the story continues in save ${result.saveId})\n\n`);
      if (result.kind === 'turn' || result.kind === 'forked') context.io.stdout(formatChoices(choices));
    }
    lines.prompt();
  }
  context.io.stderr(`\nsave: ${saveId} (continue with --save ${saveId})\n`);
  return 0;
}

/** The choices a result leaves standing: a turn's or a fork's own; a notice or a failure keeps the last ones. */
function offeredChoices(result: PlayResult, last: readonly string[]): readonly string[] {
  return result.kind === 'turn' || result.kind === 'forked' ? result.choices : last;
}

function jsonLines(result: PlayResult): string {
  switch (result.kind) {
    case 'turn':
      return (
        [
          ...result.messages.map((message) =>
            JSON.stringify({
              turn: message.turn,
              seq: message.seq,
              owner: message.owner,
              type: message.type,
              ...(message.mood === null ? {} : { mood: message.mood }),
              content: message.content,
            }),
          ),
          ...(result.choices.length === 0 ? [] : [JSON.stringify({ type: 'choices', choices: result.choices })]),
          JSON.stringify({ type: 'turn_end', turn: result.turn }),
        ].join('\n') + '\n'
      );
    case 'failed':
      return `${JSON.stringify({ type: 'turn_failed', turn: result.turn, stage: result.stage, reason: result.reason })}\n`;
    case 'forked':
      return `${JSON.stringify({ type: 'forked', reason: result.reason, save: result.saveId })}\n`;
    case 'notice':
      return `${JSON.stringify({ type: 'notice', message: result.message, problem: result.problem })}\n`;
  }
}

async function openOrCreateSave(
  api: EngineClient,
  context: CliContext,
  options: {
    packId: string;
    save: string | undefined;
    persona: string | undefined;
    seed: number | undefined;
    /** 1-based as the player counts them; 0: none; absent: the first, when the story has greetings. */
    greeting: number | undefined;
  },
): Promise<{ id: string; personaId: string; packId: string; created: boolean }> {
  if (options.save !== undefined) {
    const opened = unwrap(await api['saves.open']({ id: options.save, lastMessages: 0 }));
    const { id, personaId, packId, turnCount } = opened.summary;
    // A save nobody has played yet opens as a new game does.
    return { id, personaId, packId, created: turnCount === 0 };
  }
  const pack = unwrap(await api['packs.list']()).find((candidate) => candidate.id === options.packId);
  const greetings = pack?.greetings.length ?? 0;
  const greeting = options.greeting ?? (greetings > 0 ? 1 : 0);
  if (greeting > greetings)
    throw new UsageError(`--greeting ${greeting}: the story has ${greetings === 0 ? 'no' : greetings} greeting(s)`);
  const created = unwrap(
    await api['saves.create']({
      packId: options.packId,
      ...(options.persona === undefined ? {} : { personaId: options.persona }),
      ...(options.seed === undefined ? {} : { seed: options.seed }),
      ...(greeting === 0 ? {} : { greeting: greeting - 1 }),
    }),
  );
  context.io.stderr(`new save: ${created.id}\n`);
  return { id: created.id, personaId: created.personaId, packId: created.packId, created: true };
}

/**
 * A new game opens on the story's title and its first place, then the card greeting it was opened on (if any), before
 * the player writes anything. With --json, the greeting turn is printed as the turns are.
 */
async function printOpening(
  api: EngineClient,
  context: CliContext,
  save: { readonly id: string; readonly packId: string },
  json: boolean,
): Promise<void> {
  const opened = unwrap(await api['saves.open']({ id: save.id, lastMessages: 50 }));
  if (json) {
    const turn = opened.messages[0]?.turn;
    if (turn !== undefined)
      context.io.stdout(
        jsonLines({ kind: 'turn', saveId: save.id, turn, messages: opened.messages, choices: [], createdNames: [] }),
      );
    return;
  }
  const pack = unwrap(await api['packs.list']()).find((candidate) => candidate.id === save.packId);
  if (pack === undefined) return;
  context.io.stdout(`${pack.title}\n${'═'.repeat(Math.min(pack.title.length, 60))}\n\n${pack.opening ?? ''}\n\n`);
  for (const message of opened.messages) if (message.type === 'narration') context.io.stdout(`${message.content}\n\n`);
}

/** Speakers' names: the pack's, and those of the characters the story created, as each play result tells them. */
async function nameLookup(api: EngineClient, packId: string, save: string) {
  const packs = unwrap(await api['packs.list']());
  const pack = packs.find((candidate) => candidate.id === packId);
  const names = new Map(
    [...(pack?.personas ?? []), ...(pack?.characters ?? [])].map((entry) => [entry.id, entry.name]),
  );
  const learn = (created: readonly CreatedName[]) => {
    for (const { id, name } of created) names.set(id, name);
  };
  learn(unwrap(await api['saves.open']({ id: save, lastMessages: 0 })).createdNames);
  return { of: (owner: string) => names.get(owner) ?? owner, learn };
}

async function packIdOf(dir: string): Promise<string> {
  const { pack, diagnostics } = await loadPack(dir, { appVersion: readAppVersion() });
  if (pack === null) {
    const first = diagnostics.find((diagnostic) => diagnostic.severity === 'error');
    throw new Error(
      `${dir} is not a playable story pack${first ? `: ${first.file}:${first.line}:${first.column}: ${first.message}` : ''} (run storyloom validate ${dir})`,
    );
  }
  return pack.manifest.id;
}

function isDirectory(candidate: string): boolean {
  return existsSync(candidate) && statSync(candidate).isDirectory();
}
