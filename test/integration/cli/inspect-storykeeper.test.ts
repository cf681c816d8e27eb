import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, replayArrival } from '../../support/cli.ts';
import type { LandscapeReport } from '../../../engine/storykeeper/index.ts';
import type { ContextView } from '../../../engine/api/index.ts';
import { formatContext } from '../../../engine/cli/commands/inspect-context.ts';

let home: string;
let save: string;
// One replay of Lantern Quay's arrival serves every test: the Storykeeper's views only read the save.
beforeAll(async () => {
  home = await mkdtemp(path.join(os.tmpdir(), 'storyloom-cli-'));
  save = await replayArrival(home);
});
afterAll(() => rm(home, { recursive: true, force: true }));

describe('storyloom inspect <save> landscape', () => {
  it('shows every scene with its state, mass, distance and pull, the strongest attractor, gates and sub-graphs', async () => {
    const { code, stdout } = await cli('--home', home, 'inspect', save, 'landscape');
    expect(code).toBe(0);
    expect(stdout).toContain('Landscape after turn 6 — at harbour-office, in scene the-false-entry');
    // Entering the harbour office opened the harbourmaster's scene; word of the badge now pulls towards the Collector.
    expect(stdout).toContain('Strongest attractor: the-collectors-brandy (pull 4.152)');
    expect(stdout).toMatch(/active +the-false-entry — Returned, no remarks \(gate, harbour-office\)/u);
    expect(stdout).toMatch(/completed +a-letter-for-pell/u);
    expect(stdout).toContain(
      '      mass 0.95 = base 0.6 + structural 0.15 (gates 0.1, branchPoint 0.05) + approach 0.2 (satisfied 1 via the-boards-man)',
    );
    expect(stdout).toContain(
      '      distance 0.25 = information 0.5×0.5 + emotional 0×0.1 + relational 0×0.2 + physical 0×0.2',
    );
    expect(stdout).toContain('      gates: sam_is_the_boards_man open, the_true_log closed');
    expect(stdout).toMatch(/reachable +the-crypt-at-first-light — The crypt at first light \(gravitational, crypt\)/u);
    expect(stdout).toContain('  open   sam_is_the_boards_man (fired) — known to player, silas-crane');
    expect(stdout).toContain('  closed hale_exposed');
    expect(stdout).toMatch(/ {2}hesters-lights: collective mass 0\.5 × permeability 0\.1\d* .*bridges jorys-lantern/u);
    expect(stdout).toContain('Active prophecies:\n  (none)');
  });

  it('prints the landscape of an earlier turn as JSON', async () => {
    const { code, stdout } = await cli('--home', home, 'inspect', save, 'landscape', '--turn', '2', '--json');
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as LandscapeReport;
    expect(report).toMatchObject({
      turn: 2,
      location: 'drowned-lantern',
      currentScene: 'a-letter-for-pell',
      prophecies: [],
    });
    // The way out onto the quay is one step from the tavern's scene: a connective scene that close pulls hardest.
    expect(report.strongestAttractor?.id).toBe('the-lanterns-of-the-quay');
    const kit = report.scenes.find((scene) => scene.id === 'kits-penny');
    // Kit is there and trusts the player (0.85 refined, weight 2 of 3), but not yet enough to tell what she saw.
    expect(kit).toMatchObject({ state: 'attracting', gates: [{ id: 'what_kit_saw', open: false }] });
    expect(kit?.mass.approachSatisfaction).toBeCloseTo((2 * 0.85 + 1) / 3, 10);
    expect(report.scenes).toHaveLength(10);
    expect(report.gates.map((gate) => gate.id)).toEqual([
      'sam_is_the_boards_man',
      'what_kit_saw',
      'the_true_log',
      'pells_fate',
      'hale_exposed',
    ]);
  });

  it('refuses a turn the save does not have yet', async () => {
    const beyond = await cli('--home', home, 'inspect', save, 'landscape', '--turn', '9');
    expect(beyond.code).not.toBe(0);
    expect(beyond.stderr).toContain('This save has no turn 9 yet (it has 6).');
  });
});

describe('storyloom inspect <save> context', () => {
  it('lists every candidate of a turn with its factors, selected or dropped and why', async () => {
    const { code, stdout } = await cli('--home', home, 'inspect', save, 'context', '--turn', '5');
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Retrieved context of turn 5\n\d+ of \d+ candidates selected, \d+ of 600 tokens\n/u);
    // Showing the badge opened the gate in this very turn: its revelation is mandatory and its facts are in the tier.
    expect(stdout).toContain('  [selected, mandatory] revelation:sam_is_the_boards_man (revelation, 63 tokens)');
    expect(stdout).toContain('The stranger off the night coach carries the badge of the Board of Customs');
    expect(stdout).toMatch(
      /\[selected\] gravity:the-crypt-at-first-light \(gravitational, \d+ tokens\)\n {6}score 1\.417 = relevance 0\.961 × modifier 1\.475 × boundary 1 \(known\) × recency 1 × temperature 1/u,
    );
    expect(stdout).toContain(
      '  [dropped: withheld by an information boundary] revelation:pells_fate (revelation, 3 tokens)\n      score 0 = relevance 0.9 × modifier 1 × boundary 0 (withheld)',
    );
    // Lore competes in the same tier, each entry saying which key the Narrator's view of the turn matched.
    expect(stdout).toMatch(
      /\[(selected|dropped: [a-z ]+)\] lore:[^\n]+ \(lore, \d+ tokens\)\n {6}score [^\n]+\n {6}why proposed: key "[^"]+" in the recent messages\n/u,
    );
  });

  it('never prints the text of a withheld candidate', async () => {
    const { stdout } = await cli('--home', home, 'inspect', save, 'context', '--turn', '1', '--json');
    const view = JSON.parse(stdout) as ContextView;
    const withheld = view.candidates.filter((candidate) => candidate.boundary === 'withheld');
    expect(withheld.map((candidate) => candidate.id)).toContain('revelation:sam_is_the_boards_man');
    expect(withheld.every((candidate) => candidate.text === '' && !candidate.selected)).toBe(true);
    expect(stdout).not.toContain('Board of Customs');
    // Scored below the story's minimum (0.1), a scene far away stays out even though the budget had room.
    expect(view.candidates.find((candidate) => candidate.id === 'gravity:kits-penny')).toMatchObject({
      selected: false,
      dropped: 'below_minimum',
    });
    expect(view.tokens).toBeLessThanOrEqual(view.budget);
  });

  it('says so for a turn that classified nothing', async () => {
    expect(formatContext({ turn: 3, classified: false, budget: 0, tokens: 0, overBudget: 0, candidates: [] })).toBe(
      'Retrieved context of turn 3\n  (this turn classified no input, so nothing was retrieved)\n',
    );
  });
});
