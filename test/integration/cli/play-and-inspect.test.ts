import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cli, replayArrival } from '../../support/cli.ts';
import { STORIES_DIR } from '../../support/playthrough.ts';

let home: string;
beforeEach(async () => {
  home = await mkdtemp(path.join(os.tmpdir(), 'storyloom-cli-'));
});
afterEach(() => rm(home, { recursive: true, force: true }));

const fixtures = path.join(STORIES_DIR, 'tutorial', 'fixtures');
const replay = [
  'play',
  path.join(STORIES_DIR, 'tutorial'),
  '--llm',
  `scripted:${path.join(fixtures, 'first-morning.yaml')}`,
];

describe('storyloom play', () => {
  it('plays the turns of --inputs and prints one JSON line per committed message and per turn end', async () => {
    const { code, stdout, stderr } = await cli(
      '--home',
      home,
      ...replay,
      '--inputs',
      path.join(fixtures, 'first-morning.inputs'),
      '--json',
    );
    expect(code).toBe(0);
    const lines = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.filter((line) => line['type'] === 'turn_end').map((line) => line['turn'])).toEqual([1, 2, 3, 4]);
    expect(lines[0]).toEqual({
      turn: 1,
      seq: 1,
      owner: 'system',
      type: 'scene_marker',
      content: expect.stringContaining('Scene 1'),
    });
    expect(lines.find((line) => line['type'] === 'dialog')).toMatchObject({ owner: 'odile-fenn', mood: 'delighted' });
    expect(stderr).toContain('new save:');
  });

  it('prints prose with the player’s thought and intention, and exits 1 with the failing stage when a turn fails', async () => {
    const script = path.join(home, 'fails.yaml');
    await writeFile(
      script,
      '- stage: narrator\n  error: provider\n  message: the server went away\n- stage: persona_extractor\n  reply: { changes: [], summary: none }\n',
    );
    const { code, stdout } = await cli(
      '--home',
      home,
      'play',
      'tutorial',
      '--llm',
      `scripted:${script}`,
      '--input',
      '~ Be brave.',
      '--input',
      'I open the door.',
    );
    expect(code).toBe(1);
    expect(stdout).toContain('(you think) Be brave.');
    expect(stdout).toContain('> I open the door.');
    expect(stdout).toMatch(/The turn failed in narrator: .*the server went away/u);
    expect(stdout).toContain('Nothing of it was kept');
  });

  it('explains an unknown pack and a missing provider clearly', async () => {
    expect((await cli('--home', home, 'play', 'no-such-pack', '--llm', 'scripted:x.yaml')).stderr).toMatch(
      /No story pack with id "no-such-pack"/u,
    );
    const { code, stdout } = await cli('--home', home, 'play', 'tutorial', '--input', 'Hello.', '--json');
    expect(code).toBe(1);
    expect(stdout).toMatch(/"turn_failed".*no LLM provider is configured/u);
  });
});

describe('storyloom inspect', () => {
  it('shows the whole stream and every stage call of a turn', async () => {
    await cli('--home', home, ...replay, '--inputs', path.join(fixtures, 'first-morning.inputs'), '--json');
    const [save] = (await readdir(path.join(home, 'saves'))).filter((file) => file.endsWith('.storyloom'));
    if (save === undefined) throw new Error('no save was written');

    const stream = await cli('--home', home, 'inspect', save, 'stream');
    expect(stream.code).toBe(0);
    expect(stream.stdout).toContain('1.2 robin-ashby thought: Please don');
    expect(stream.stdout).toContain('4.8 tobias-quell dialog (pleading):');

    const prompts = await cli('--home', home, 'inspect', save, 'prompts', '--turn', '2', '--json');
    const { turn, calls } = JSON.parse(prompts.stdout) as {
      turn: number;
      calls: { stage: string; prompt: { content: string }[] }[];
    };
    expect(turn).toBe(2);
    const narrator = calls.find((call) => call.stage === 'narrator');
    expect(narrator?.prompt.map((message) => message.content).join('\n')).toContain('whispered, for Odile Fenn alone');
    expect(new Set(calls.map((call) => call.stage))).toEqual(
      new Set([
        'narrator',
        'persona_extractor',
        'character_dialog',
        'lore_extractor',
        'npc_intent',
        'character_extractor',
      ]),
    );
  });

  it('shows the truth set of a turn: propositions, the diff, triggers with their traces, the classification', async () => {
    const save = await replayArrival(home);

    const text = await cli('--home', home, 'inspect', save, 'truth', '--turn', '2');
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('Truth set after turn 2 of 6 (min_confidence 0.5)');
    expect(text.stdout).toMatch(/TrustGrowing\(player,kit-wickett\) +█+░* 0\.85 refined/u);
    expect(text.stdout).toContain('  + TrustGrowing(player,kit-wickett)');
    expect(text.stdout).toContain('  FIRED kit_trusts (kit-wickett, scene_local) — spent, last fired turn 2');
    expect(text.stdout).toContain('    confirmed TrustGrowing(player,kit-wickett) 0.7 → 0.85');

    const json = await cli('--home', home, 'inspect', save, 'truth', '--json');
    const view = JSON.parse(json.stdout) as { turn: number; triggers: { id: string; trace: { reason: string } }[] };
    expect(view.turn).toBe(6);
    expect(view.triggers.find((trigger) => trigger.id === 'silas_doubted')?.trace.reason).toBe('1 do not hold');

    const beyond = await cli('--home', home, 'inspect', save, 'truth', '--turn', '9');
    expect(beyond.code).not.toBe(0);
    expect(beyond.stderr).toContain('This save has no turn 9 yet (it has 6).');
  });
});

describe('storyloom export transcript', () => {
  it('finds a save by name as inspect does and writes what the player saw, opening first', async () => {
    await cli('--home', home, ...replay, '--inputs', path.join(fixtures, 'first-morning.inputs'), '--json');
    const [save] = (await readdir(path.join(home, 'saves'))).filter((file) => file.endsWith('.storyloom'));
    if (save === undefined) throw new Error('no save was written');
    const stream = await cli('--home', home, 'inspect', save, 'stream', '--json');
    const records = stream.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { owner: string; type: string; content: string });
    const npcMinds = records.filter(
      (record) => record.owner !== 'robin-ashby' && (record.type === 'intention' || record.type === 'thought'),
    );
    const ownThoughts = records.filter((record) => record.owner === 'robin-ashby' && record.type === 'thought');
    expect(npcMinds.length).toBeGreaterThan(0);
    expect(ownThoughts.length).toBeGreaterThan(0);

    const out = path.join(home, 'story.md');
    const exported = await cli('--home', home, 'export', 'transcript', save, out, '--thoughts');
    expect(exported.stderr).toBe('');
    expect(exported.code).toBe(0);
    const { readFile } = await import('node:fs/promises');
    const text = await readFile(out, 'utf8');
    // The opening paragraph (the first place) comes before turn 1.
    expect(text.indexOf('## Turn 1')).toBeGreaterThan(text.indexOf('\n\n') + 10);
    // Texts Markdown escaping leaves as they are, so their absence means they were left out.
    const plain = npcMinds.filter((record) => /^[\p{L}\p{N}\s.,;:'’"!?-]+$/u.test(record.content));
    expect(plain.length).toBeGreaterThan(0);
    for (const record of plain) expect(text).not.toContain(record.content);
    for (const record of ownThoughts) expect(text).toContain(record.content.slice(0, 12));
    expect(text).toContain('Robin Ashby thinks:');
  });
});

describe('storyloom play --greeting', () => {
  it('opens a new game made from a card on the greeting asked for, macros filled', async () => {
    const data = {
      name: 'Mara Quill',
      description: 'A harbourmaster.',
      first_mes: 'Mara nods at {{user}}.',
      alternate_greetings: ['"Late again," says {{char}} at {{time}}.'],
    };
    const card = path.join(home, 'mara.json');
    await writeFile(card, JSON.stringify({ spec: 'chara_card_v2', spec_version: '2.0', data }));
    const pack = path.join(home, 'mara-pack');
    expect((await cli('--home', home, 'import', card, '--into', pack)).code).toBe(0);
    const llm = ['--llm', `scripted:${path.join(fixtures, 'first-morning.yaml')}`];
    const second = await cli('--home', home, 'play', pack, ...llm, '--greeting', '2', '--json');
    expect(second.code).toBe(0);
    const lines = second.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string; content?: string; turn: number });
    expect(lines.find((line) => line.type === 'narration')).toMatchObject({
      turn: 1,
      content: '"Late again," says Mara Quill at 09:00.',
    });
    // The first greeting is the default; 0 opens on the place alone; one past the last is refused.
    const first = await cli('--home', home, 'play', pack, ...llm, '--json');
    expect(first.stdout).toContain('"content":"Mara nods at You."');
    const none = await cli('--home', home, 'play', pack, ...llm, '--greeting', '0', '--json');
    expect(none.stdout.trim()).toBe('');
    const beyond = await cli('--home', home, 'play', pack, ...llm, '--greeting', '3');
    expect(beyond.code).not.toBe(0);
    expect(beyond.stderr).toContain('--greeting 3: the story has 2 greeting(s)');
  });
});
