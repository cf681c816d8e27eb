import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { applyEntry, buildSensitivityMap, TruthSet } from '../../../engine/events/index.ts';
import { loadPack, type StoryPack } from '../../../engine/pack/index.ts';
import { interpretiveInterests } from '../../../engine/storykeeper/index.ts';
import { STORIES_DIR } from '../../support/playthrough.ts';

let pack: StoryPack;
beforeAll(async () => {
  const loaded = await loadPack(path.join(STORIES_DIR, 'lantern-quay'), { appVersion: '0.1.0' });
  if (loaded.pack === null) throw new Error('lantern-quay does not load');
  pack = loaded.pack;
});

const sources = () => ({ narrative: pack.narrative, triggers: pack.triggers });

describe('what Stage 4 may judge: every interpretive proposition the story waits on', () => {
  it('lists the gates, scene goals and emotional targets no trigger names, and no factual proposition', () => {
    const interests = interpretiveInterests(sources(), new TruthSet());
    const about = (proposition: string) => interests.filter((i) => i.proposition === proposition).map((i) => i.source);
    expect(about('TrustGrowing(player,anselm-mercer)')).toEqual(
      expect.arrayContaining(['gate:pells_fate', 'scene:the-button-in-the-bible#the-priests-conscience']),
    );
    expect(about('VulnerabilityExpressed(anselm-mercer)')).toContain('gate:pells_fate');
    expect(about('EmotionalRegister(dread)')).toEqual(['scene:the-collectors-brandy#word-reaches-the-collector']);
    expect(interests.some((i) => /^(Knows|At|CharacterPresent|WorldState|GateFired)\(/u.test(i.proposition))).toBe(
      false,
    );
  });

  it('moves with the story: a gate that has fired stops listening', () => {
    const truth = new TruthSet();
    applyEntry(
      truth,
      {
        seq: 1,
        turn: 1,
        record: { kind: 'event', event: { type: 'GateFired', gate_id: 'pells_fate', scene_id: 'x' } },
      },
      0.5,
    );
    const sourcesNow = interpretiveInterests(sources(), truth).map((i) => i.source);
    expect(sourcesNow).not.toContain('gate:pells_fate');
    expect(sourcesNow).toContain('scene:the-button-in-the-bible#the-priests-conscience');
  });

  it('puts them in the sensitivity map for those present, without keywords (Stage 3 cannot match them)', () => {
    const interests = interpretiveInterests(sources(), new TruthSet());
    const withAnselm = buildSensitivityMap([], ['anselm-mercer'], interests);
    const entry = withAnselm.entries.find((e) => e.proposition === 'TrustGrowing(player,anselm-mercer)');
    expect(entry).toMatchObject({ keywords: [], negated: [], subjects: ['anselm-mercer'] });
    expect(withAnselm.entries.some((e) => e.proposition === 'EmotionalRegister(resolve)')).toBe(true);
    const without = buildSensitivityMap([], [], interests);
    expect(without.entries.some((e) => e.proposition === 'TrustGrowing(player,anselm-mercer)')).toBe(false);
  });
});
