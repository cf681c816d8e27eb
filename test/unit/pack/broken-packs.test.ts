import { symlink, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatDiagnostic, loadPack, type PackLoadResult } from '../../../engine/pack/index.ts';
import { MAX_YAML_NESTING } from '../../../engine/pack/yaml-depth.ts';
import { APP_VERSION, MINIMAL_PACK, tempDir, writePack } from './temp-pack.ts';

const STORY = MINIMAL_PACK['story.yaml'] ?? '';

async function load(dir: string): Promise<PackLoadResult & { lines: string[] }> {
  const result = await loadPack(dir, { appVersion: APP_VERSION });
  return { ...result, lines: result.diagnostics.map((diagnostic) => formatDiagnostic(diagnostic)) };
}

/** Loads the minimal pack with `changes` applied. */
const loadChanged = async (changes: Record<string, string | null>) => load(await writePack(changes));

describe('a broken pack', () => {
  it('reports a YAML syntax error where the unclosed quote opens', async () => {
    const { pack, lines } = await loadChanged({
      'story.yaml': 'schemaVersion: 1\nid: x\ntitle: "Harbour\nauthor: me\n',
    });
    expect(pack).toBeNull();
    expect(lines).toEqual(['story.yaml:3:8: error: this quoted string is never closed (missing its closing quote)']);
  });

  it('reports other YAML syntax errors at the parser’s position', async () => {
    const { lines } = await loadChanged({ 'lore.yaml': '- key: a\n  key: b\n  content: c\n' });
    expect(lines).toEqual(['lore.yaml:2:3: error: Map keys must be unique']);
  });

  it('reports wrong types and out-of-range values at their key, all of them', async () => {
    const { pack, lines } = await loadChanged({
      'characters/mara.yaml': `id: mara
name: Mara
description: A harbourmaster.
chattiness: lots
states:
  - { name: wary, level: 40, category: mood }
  - name: calm
    level: 2.5
`,
    });
    expect(pack).toBeNull();
    expect(lines).toEqual([
      'characters/mara.yaml:4:1: error: chattiness: expected a number, got the text "lots"',
      'characters/mara.yaml:6:19: error: states[0].level: must be at most 30, got 40',
      'characters/mara.yaml:7:5: error: states[1]: missing required key "category"',
      'characters/mara.yaml:8:5: error: states[1].level: expected a whole number, got 2.5',
    ]);
  });

  it('explains a number where text belongs and points a missing key at its parent', async () => {
    const story = STORY.replace('version: 1.0.0', 'version: 1.0').replace('  persona: captain\n', '');
    const { lines } = await loadChanged({ 'story.yaml': story });
    expect(lines).toEqual([
      'story.yaml:4:1: error: version: expected text, got 1.0 (put it in quotes to make it text)',
      'story.yaml:11:1: error: start: missing required key "persona"',
    ]);
  });

  it('warns about unknown keys at the key, suggests the likely one, and still loads', async () => {
    const { pack, lines } = await loadChanged({
      'characters/mara.yaml':
        'id: mara\nname: Mara\ndescription: d\npersnality: odd\nvoice:\n  style: dry\n  colour: red\n',
    });
    expect(lines).toEqual([
      'characters/mara.yaml:4:1: warning: unknown key "persnality" is ignored (did you mean "personality"?)',
      'characters/mara.yaml:7:3: warning: unknown key "colour" in voice is ignored',
    ]);
    expect(pack?.characters[0]?.voice).toEqual({ style: 'dry', examples: [] });
  });

  it('warns about unknown tuning keys', async () => {
    const { pack, lines } = await loadChanged({ 'story.yaml': `${STORY}  narratorTemprature: 0.7\n` });
    expect(lines).toEqual([
      'story.yaml:17:3: warning: unknown key "narratorTemprature" in tuning is ignored (did you mean "narratorTemperature"?)',
    ]);
    expect(pack).not.toBeNull();
  });

  it('reports every dangling reference at the reference, naming the missing id', async () => {
    const { pack, lines } = await loadChanged({
      'story.yaml': STORY.replace('persona: captain', 'persona: pilot'),
      'characters/mara.yaml': 'id: mara\nname: Mara\ndescription: d\nlocation: harbor\n',
      'locations.yaml': '- id: harbour\n  name: The Harbour\n  description: d\n  connections:\n    - to: nowhere\n',
      'lore.yaml': '- key: Bells\n  content: c\n  audience: ghost\n',
    });
    expect(pack).toBeNull();
    expect(lines).toEqual([
      'characters/mara.yaml:4:11: error: unknown location "harbor" (did you mean "harbour"?)',
      'locations.yaml:5:11: error: unknown location "nowhere"',
      'lore.yaml:3:13: error: unknown character "ghost"; audience is "world", "persona" or a character id',
      'story.yaml:14:12: error: unknown persona "pilot"',
    ]);
  });

  it('says so when a reference points into a file the pack does not have', async () => {
    const { lines } = await loadChanged({ 'personas.yaml': null });
    expect(lines).toEqual(['story.yaml:14:12: error: unknown persona "captain" (the pack has no personas.yaml)']);
  });

  it('reports a duplicate character id at the second definition, naming the first', async () => {
    const { pack, lines } = await loadChanged({
      'characters.yaml': '- id: mara\n  name: Other Mara\n  description: d\n',
    });
    expect(pack).toBeNull();
    expect(lines).toEqual([
      'characters/mara.yaml:1:5: error: duplicate persona or character id "mara" (first defined at characters.yaml:1:7)',
    ]);
  });

  it('refuses a cover path that climbs out of the pack', async () => {
    const { pack, lines } = await loadChanged({
      'story.yaml': STORY.replace('cover: images/cover.png', 'cover: ../../etc/passwd'),
    });
    expect(pack).toBeNull();
    expect(lines).toEqual([
      'story.yaml:10:8: error: cover: "../../etc/passwd" leaves the pack folder; pack paths may not use ".."',
    ]);
  });

  it('refuses absolute paths and symbolic links that lead outside the pack, without reading them', async () => {
    const outside = await tempDir();
    const dir = await writePack({
      'story.yaml': STORY.replace('cover: images/cover.png', 'cover: images/outside/secret.png'),
    });
    await symlink(outside, path.join(dir, 'images/outside'));
    await symlink('/etc/hostname', path.join(dir, 'characters/evil.yaml'));
    const { pack, lines } = await load(dir);
    expect(pack).toBeNull();
    expect(lines).toEqual([
      `characters/evil.yaml:1:1: error: symbolic link leads outside the pack (to /etc/hostname); a pack must be self-contained`,
      `images/outside:1:1: error: symbolic link leads outside the pack (to ${outside}); a pack must be self-contained`,
      'story.yaml:10:8: error: cover: "images/outside/secret.png" leads outside the pack through a symbolic link',
    ]);

    const absolute = await loadChanged({
      'story.yaml': STORY.replace('cover: images/cover.png', 'cover: /etc/passwd'),
    });
    expect(absolute.lines).toEqual([
      'story.yaml:10:8: error: cover: "/etc/passwd" is an absolute path; write a path inside the pack, relative to it',
    ]);
  });

  it('follows a symbolic link that stays inside the pack', async () => {
    const dir = await writePack({ 'story.yaml': STORY.replace('cover: images/cover.png', 'cover: cover.png') });
    await symlink(path.join(dir, 'images/cover.png'), path.join(dir, 'cover.png'));
    expect((await load(dir)).lines).toEqual([]);
  });

  it('refuses a file over the size cap from its size alone, quickly', async () => {
    const dir = await writePack({ 'lore.yaml': '' });
    await truncate(path.join(dir, 'lore.yaml'), 64 * 1024 * 1024); // sparse: large on paper, nothing on disk
    const started = performance.now();
    const { pack, lines } = await load(dir);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(pack).toBeNull();
    expect(lines).toEqual(['lore.yaml:1:1: error: the file is 64.0 MiB; pack files may be at most 2 MiB']);
  });

  it('refuses a pack whose engine range this app does not satisfy, saying which version it needs', async () => {
    const { pack, lines } = await loadChanged({ 'story.yaml': STORY.replace('">=0.1.0 <1.0.0"', '"^2.3"') });
    expect(pack).toBeNull();
    expect(lines).toEqual(['story.yaml:5:9: error: this pack needs Storyloom ^2.3; this is Storyloom 0.1.0']);
  });

  it('stops at one clear error for a pack in a newer format', async () => {
    const { lines } = await loadChanged({
      'story.yaml': STORY.replace('schemaVersion: 1', 'schemaVersion: 2'),
      'lore.yaml': 'nonsense: [',
    });
    expect(lines).toEqual([
      'story.yaml:1:16: error: this pack is written in story-pack format 2; Storyloom 0.1.0 reads format 1: update Storyloom to play it',
    ]);
  });

  it('reports a missing story.yaml', async () => {
    const { pack, lines } = await loadChanged({ 'story.yaml': null });
    expect(pack).toBeNull();
    expect(lines).toEqual(['story.yaml:1:1: error: missing: every story pack has a story.yaml (its manifest)']);
  });

  it('reports a folder that does not exist', async () => {
    const { pack, lines } = await load(path.join(await tempDir(), 'nope'));
    expect(pack).toBeNull();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\.:1:1: error: no story pack here: ".*nope" is not a folder$/u);
  });

  it('reports formats in story.yaml with the expected shape in the message', async () => {
    const story = `schemaVersion: 1
id: Bad Id
title: ""
version: "1.0.0"
engine: "wat"
ifid: nope
author: a
description: d
language: "en_US!"
start: { location: harbour, time: tomorrow, persona: captain }
`;
    const { lines } = await loadChanged({ 'story.yaml': story });
    expect(lines).toEqual([
      'story.yaml:2:1: error: id: must be a lowercase id: letters a–z, digits, and - or _ between them (e.g. "old-mara")',
      'story.yaml:3:1: error: title: must not be empty',
      'story.yaml:5:1: error: engine: must be a version range such as ">=0.1.0" or "^0.1"',
      'story.yaml:6:1: error: ifid: must be a UUID such as "3F2504E0-4F89-41D3-9A0C-0305E82C3301" (generate one with uuidgen)',
      'story.yaml:9:1: error: language: must be a BCP-47 language tag such as "en" or "pt-BR"',
      'story.yaml:10:29: error: start.time: must be an in-world date and time such as "1723-05-14T21:00"',
    ]);
  });

  it('warns about misnamed files instead of ignoring them in silence', async () => {
    const { pack, lines } = await loadChanged({
      'charcters.yaml': '[]',
      'prompts/narator.hbs': 'x',
      'characters/old/tom.yaml': 'id: tom',
    });
    expect(pack).not.toBeNull();
    expect(lines).toEqual([
      'characters/old/tom.yaml:1:1: warning: ignored: character files are read from characters/*.yaml (one level, .yaml)',
      'charcters.yaml:1:1: warning: not a story-pack file; ignored (did you mean "characters.yaml"?)',
      'prompts/narator.hbs:1:1: warning: not a prompt this app uses; ignored (did you mean "narrator"?) (prompts are named <stage>.hbs: narrator, character_dialog, npc_intent, persona_intent, persona_extractor, character_extractor, lore_extractor, character_reflection, intent_check, standalone_simulation, cohort_moderator, cohort_member, cohort_member_account, offscreen_inference, chronicler, lore_crafter, partial_profile, creation)',
    ]);
  });

  it('collects problems from every file at once', async () => {
    const { lines } = await loadChanged({
      'personas.yaml': '- id: captain\n  name: 7\n  description: d\n',
      'locations.yaml': 'not: a list\n',
      'lore.yaml': '- key: k\n  content: "unclosed\n',
      'characters/mara.yaml': 'id: mara\nname: Mara\ndescription: d\nchattiness: 101\n',
    });
    expect(lines).toEqual([
      'characters/mara.yaml:4:1: error: chattiness: must be at most 100, got 101',
      'locations.yaml:1:1: error: expected a list, got a map',
      'lore.yaml:2:12: error: this quoted string is never closed (missing its closing quote)',
      'personas.yaml:2:3: error: [0].name: expected text, got 7 (put it in quotes to make it text)',
    ]);
  });

  it('rejects ids reserved for the stream and lore audiences', async () => {
    const { lines } = await loadChanged({ 'characters.yaml': '- id: narrator\n  name: N\n  description: d\n' });
    expect(lines).toEqual(['characters.yaml:1:7: error: "narrator" is reserved; choose another id']);
  });

  it('never throws on hostile content (alias bombs, bytes that are not UTF-8, empty files)', async () => {
    // Each line refers nine times to the one before: expanded, the last would hold 9^9 items.
    const names = 'abcdefghi';
    const bomb = ['a: &a [x, x, x, x, x, x, x, x, x]'];
    for (let i = 1; i < names.length; i++)
      bomb.push(
        `${names[i]}: &${names[i]} [${Array(9)
          .fill(`*${names[i - 1]}`)
          .join(', ')}]`,
      );
    const dir = await writePack({ 'lore.yaml': bomb.join('\n'), 'characters/mara.yaml': '' });
    await writeFile(path.join(dir, 'personas.yaml'), Buffer.from([0xff, 0xfe, 0x2d, 0x00]));

    const { pack, lines } = await load(dir);
    expect(pack).toBeNull();
    expect(lines).toContain('characters/mara.yaml:1:1: error: the file is empty');
    expect(lines).toContain('personas.yaml:1:1: error: the file is not UTF-8 text');
    expect(lines.filter((line) => line.startsWith('lore.yaml:1:1: error: cannot read the YAML'))).toHaveLength(1);
  });

  it('reports maps and lists nested deeper than a pack needs at the node, before anything recurses into them', async () => {
    // 150 levels parse, but no pack needs them; the check walks without recursion.
    const deep = `- key: depth\n  content: ${'['.repeat(150)}${']'.repeat(150)}\n`;
    const { pack, lines } = await loadChanged({ 'lore.yaml': deep });
    expect(pack).toBeNull();
    expect(lines).toEqual([
      `lore.yaml:2:${12 + MAX_YAML_NESTING - 2}: error: maps and lists are nested too deeply; a pack file may nest at most ${MAX_YAML_NESTING} levels`,
    ]);
  });

  it('reports a 50,000-deep file as nested too deeply, once, instead of "Maximum call stack size exceeded"', async () => {
    const deep = `- key: depth\n  content: ${'['.repeat(50_000)}${']'.repeat(50_000)}\n`;
    const { pack, lines } = await loadChanged({ 'lore.yaml': deep });
    expect(pack).toBeNull();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^lore\.yaml:2:\d+: error: maps and lists are nested too deeply; a pack file may nest at most/u,
    );
    expect(lines.join('\n')).not.toMatch(/call stack/u);
  });

  it('reports objects inside themselves, directly or through their containers, once per loop', async () => {
    const objects = `- id: box-a
  name: box a
  container: true
  in: box-b
- id: box-b
  name: box b
  container: true
  in: box-a
- id: coin
  name: coin
  in: box-a
- id: jar
  name: jar
  container: true
  in: jar
- id: chest
  name: chest
  container: true
  location: harbour
- id: ring
  name: ring
  in: chest
`;
    const { pack, lines } = await loadChanged({ 'world/objects.yaml': objects });
    expect(pack).toBeNull();
    expect(lines).toEqual([
      'world/objects.yaml:4:7: error: "box-a" is inside itself through its containers ("box-a" in "box-b" in "box-a"); one of them needs a location or a holder',
      'world/objects.yaml:15:7: error: "jar" is inside itself; put it in another container, a location or a holder',
    ]);
  });
});
