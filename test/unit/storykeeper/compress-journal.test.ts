import { describe, expect, it } from 'vitest';
import { compressJournal, DEFAULT_JOURNAL_COMPRESSION, type JournalEntry } from '../../../engine/storykeeper/index.ts';

const options = { ...DEFAULT_JOURNAL_COMPRESSION, full: 2, summarised: 2 };

const entry = (id: string, turn: number, fields: Partial<JournalEntry> = {}): JournalEntry => ({
  id,
  turn,
  text: `Chris crosses the motel parking lot toward the diner where the neon hums over the door. Turn ${turn}.`,
  narrativeWeight: 0.2,
  emotionalMarkers: [],
  ...fields,
});

describe('journal compression levels', () => {
  const lines = compressJournal(
    [
      entry('oldest', 1),
      entry('heavy', 2, { narrativeWeight: 0.9 }),
      entry('felt_and_heavy', 3, { narrativeWeight: 0.9, emotionalMarkers: ['grief'] }),
      entry('authored_summary', 4, { summary: 'Chris eats alone.' }),
      entry('older', 5),
      entry('newer', 6),
      entry('newest', 7),
    ],
    options,
  );
  const level = (id: string) => lines.find((line) => line.ids.includes(id))?.level;
  const text = (id: string) => lines.find((line) => line.ids.includes(id))?.text;

  it('keeps the newest entries in full, summarises older ones and reduces the oldest to a skeleton', () => {
    expect(lines.map((line) => line.level)).toEqual([
      'skeleton',
      'summary',
      'full',
      'summary',
      'summary',
      'full',
      'full',
    ]);
    expect(text('newest')).toContain('Turn 7.');
    expect(text('older')).toBe(
      'Chris crosses the motel parking lot toward the diner where the neon hums over the door.',
    );
    expect(text('oldest')).toBe('Chris crosses the motel parking lot toward the …');
  });

  it('uses the renderings the extractors left on an entry', () => {
    expect(text('authored_summary')).toBe('Chris eats alone.');
    const [line] = compressJournal(
      [entry('old', 1, { skeleton: 'Chris: lot → diner' }), entry('a', 2), entry('b', 3)],
      {
        ...options,
        summarised: 0,
      },
    );
    expect(line?.text).toBe('Chris: lot → diner');
  });

  it('lets a heavy entry resist one level, and a heavy entry with emotional markers two', () => {
    expect(level('heavy')).toBe('summary');
    expect(level('felt_and_heavy')).toBe('full');
  });
});

describe('journal: repeated patterns', () => {
  const pacing = 'Chris paces the motel room';
  const lines = compressJournal(
    [
      entry('pace1', 1, { pattern: pacing }),
      entry('pace2', 2, { pattern: pacing }),
      entry('call', 3),
      entry('pace3', 4, { pattern: pacing }),
      entry('pace_in_grief', 5, { pattern: pacing, emotionalMarkers: ['grief'] }),
      entry('recent', 6),
      entry('pace_now', 7, { pattern: pacing }),
    ],
    options,
  );

  it('collapses compressed repeats into one note where the last of them stood', () => {
    expect(lines.map((line) => line.ids)).toEqual([
      ['call'],
      ['pace1', 'pace2', 'pace3'],
      ['pace_in_grief'],
      ['recent'],
      ['pace_now'],
    ]);
    expect(lines[1]).toMatchObject({ level: 'collapsed', fromTurn: 1, toTurn: 4, text: `${pacing} (×3, turns 1–4)` });
  });

  it('keeps a felt repeat and a repeat still in full as themselves', () => {
    expect(lines[2]?.level).toBe('full');
    expect(lines[4]?.level).toBe('full');
  });

  it('leaves a pattern seen once among the compressed entries alone', () => {
    const single = compressJournal([entry('once', 1, { pattern: pacing }), entry('a', 2), entry('b', 3)], options);
    expect(single.map((line) => line.level)).toEqual(['summary', 'full', 'full']);
  });
});
