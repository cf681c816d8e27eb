import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { GbnfJsonSchema } from 'node-llama-cpp';
import { forcedJson, JsonReplyReader } from '../../../engine/llm/local/forced-json.ts';
import { toGbnfJsonSchema } from '../../../engine/llm/local/json-schema-to-gbnf.ts';
import { toJsonSchema } from '../../../engine/llm/structured.ts';
import {
  beatScriptSchemaFor,
  intentSchema,
  loreFactsSchema,
  stateChangesSchema,
} from '../../../engine/turn/outputs.ts';

/** The schema a grammar is built from, as the local provider builds it. */
const grammarSchema = (schema: z.ZodType): GbnfJsonSchema => toGbnfJsonSchema(toJsonSchema(schema));

const intent = grammarSchema(intentSchema);
const beats = grammarSchema(beatScriptSchemaFor(['kit-wickett', 'magdalen-rook']));
const stateChanges = grammarSchema(stateChangesSchema);
const loreFacts = grammarSchema(loreFactsSchema);

function read(schema: GbnfJsonSchema, text: string): JsonReplyReader {
  const reader = new JsonReplyReader(schema);
  reader.feed(text);
  return reader;
}

/** JSON in the spacing forced text uses: `{"a": 1, "b": [1, 2]}`. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(', ')}]`;
  if (typeof value === 'object' && value !== null) {
    const fields = Object.entries(value).map(([key, field]) => `${JSON.stringify(key)}: ${canonical(field)}`);
    return `{${fields.join(', ')}}`;
  }
  return JSON.stringify(value);
}

const script = {
  beats: [
    { type: 'narration', content: 'Rain on the mill roof. "Who\'s there?"\nNobody answers.' },
    { type: 'cue', character: 'kit-wickett', mood: 'wary', context: 'hears the door' },
    { type: 'cue', character: 'magdalen-rook', mood: 'amused', context: '' },
  ],
};

describe('forced JSON: what the grammar leaves the model no choice about', () => {
  it("opens each stage's reply up to its first free value", () => {
    expect(forcedJson(intent, '')).toBe('{"thought": "');
    expect(forcedJson(beats, '')).toBe('{"beats": [{"type": "');
    expect(forcedJson(stateChanges, '')).toBe('{"changes": [');
    expect(forcedJson(loreFacts, '')).toBe('{"facts": [');
  });

  it('leaves string content to the model, then forces the next key up to its value', () => {
    expect(forcedJson(intent, '{"thought": "I see')).toBe('');
    expect(forcedJson(intent, '{"thought": "I see"')).toBe(', "intention": "');
    expect(forcedJson(intent, '{"thought": "I see",')).toBe(' "intention": "');
    expect(forcedJson(intent, '{"thought": "I see", ')).toBe('"intention": "');
    expect(forcedJson(intent, '{"thought": "I see", "intention": "go"')).toBe('}');
    expect(forcedJson(stateChanges, '{"changes": []')).toBe(', "summary": "');
    expect(forcedJson(loreFacts, '{"facts": [{"key": "mill"')).toBe(', "content": "');
  });

  it('reads escapes inside strings without taking an escaped quote for the end', () => {
    expect(forcedJson(intent, '{"thought": "a \\"quoted\\" \\\\ word \\u00e9')).toBe('');
    expect(forcedJson(intent, '{"thought": "a \\"quoted\\" \\\\ word \\u00e9"')).toBe(', "intention": "');
  });

  it('closes a string that reached its maxLength', () => {
    const mood = 'm'.repeat(40);
    expect(forcedJson(beats, `{"beats": [{"type": "cue", "character": "kit-wickett", "mood": "${mood}`)).toBe(
      '", "context": "',
    );
  });

  it('forces the opening two beat kinds share, and leaves "another beat or the end" to the model', () => {
    const first = '{"beats": [{"type": "narration", "content": "x"}';
    expect(forcedJson(beats, first)).toBe('');
    expect(forcedJson(beats, `${first}, `)).toBe('{"type": "');
    expect(forcedJson(beats, `${first},`)).toBe(' {"type": "');
    expect(forcedJson(beats, `${first}]`)).toBe('}');
  });

  it('finishes a beat kind and a character id once their first letters tell them apart', () => {
    expect(forcedJson(beats, '{"beats": [{"type": "c')).toBe('ue", "character": "');
    expect(forcedJson(beats, '{"beats": [{"type": "n')).toBe('arration", "content": "');
    expect(forcedJson(beats, '{"beats": [{"type": "cue", "character": "kit')).toBe('-wickett", "mood": "');
    expect(forcedJson(beats, '{"beats": [{"type": "cue", "character": "m')).toBe('agdalen-rook", "mood": "');
  });

  it('forces an enum only as far as its values share a prefix', () => {
    const cast = grammarSchema(beatScriptSchemaFor(['kit-wickett', 'kit-warren', 'magdalen-rook']));
    const cue = '{"beats": [{"type": "cue", "character": "';
    expect(forcedJson(cast, cue)).toBe('');
    expect(forcedJson(cast, `${cue}k`)).toBe('it-w');
    expect(forcedJson(cast, `${cue}kit-wa`)).toBe('rren", "mood": "');

    const moods = grammarSchema(z.strictObject({ mood: z.enum(['wary', 'warm', 'calm']) }));
    expect(forcedJson(moods, '')).toBe('{"mood": "');
    expect(forcedJson(moods, '{"mood": "w')).toBe('ar');
    expect(forcedJson(moods, '{"mood": "warm')).toBe('"}');
  });

  it('leaves numbers and list items to the model', () => {
    const item = '{"changes": [{"name": "fear", "level": ';
    expect(forcedJson(stateChanges, '{"changes": [')).toBe('');
    expect(forcedJson(stateChanges, item)).toBe('');
    expect(forcedJson(stateChanges, `${item}3`)).toBe('');
    expect(forcedJson(stateChanges, `${item}-`)).toBe('');
    expect(forcedJson(stateChanges, `${item}3,`)).toBe(' "category": "');
    expect(forcedJson(loreFacts, '{"facts": [{"key": "mill", "content": "old"}')).toBe('');

    const levels = grammarSchema(z.strictObject({ level: z.number().int().min(1).max(10), done: z.boolean() }));
    expect(forcedJson(levels, '{"level": 1')).toBe(''); // 1 or 10
    expect(forcedJson(levels, '{"level": 2')).toBe(', "done": ');
  });

  it('finishes true, false and null from their first letter', () => {
    const flags = grammarSchema(z.strictObject({ seen: z.boolean(), gone: z.null(), last: z.boolean() }));
    expect(forcedJson(flags, '{"seen": t')).toBe('rue, "gone": null, "last": ');
    expect(forcedJson(flags, '{"seen": false, "gone": n')).toBe('ull, "last": ');
    expect(forcedJson(flags, '{"seen": false, "gone": null, "last": f')).toBe('alse}');
  });

  it('forces nothing on text the schema refuses', () => {
    for (const [schema, text] of [
      [intent, '{"intention": "'], // keys come in declaration order
      [intent, '{"thought": "x"}'], // every declared key is written
      [beats, '{"beats": [{"type": "speech'],
      [beats, '{"beats": [{"type": "cue", "character": "nobody'],
      [beats, '{"beats": []'], // at least one beat
      [stateChanges, '{"changes": [{"name": "fear", "level": 2.5'], // an integer
      [intent, ' {"thought": "'],
    ] as const) {
      const reader = read(schema, text);
      expect(reader.forced(), text).toBe('');
      expect(reader.whole(), text).toBe(false);
    }
  });

  it('tells a whole reply from a partial one', () => {
    const reply = canonical(script);
    expect(read(beats, reply).whole()).toBe(true);
    expect(read(beats, reply).forced()).toBe('');
    expect(read(beats, `${reply}\n\n\n\n`).whole()).toBe(true); // the grammar's closing newlines
    expect(read(beats, reply.slice(0, -1)).whole()).toBe(false);
    expect(read(beats, reply.slice(0, -1)).forced()).toBe('}');
    expect(read(intent, '{"thought": "", "intention": "go"}').whole()).toBe(true);
    expect(read(intent, '{"thought": "", "intention": ""}').whole()).toBe(false); // intention has minLength 1
  });

  it("accepts the model's own newlines and indentation, forcing nothing while it writes them", () => {
    expect(forcedJson(intent, '{\n')).toBe('');
    expect(forcedJson(intent, '{\n    ')).toBe('');
    expect(forcedJson(intent, '{\n    "thought": "x"')).toBe(', "intention": "');
    expect(forcedJson(intent, '{\n    "thought": "x",\n')).toBe('');
    expect(forcedJson(intent, '{\n    "thought": "x",\n    ')).toBe('');
    for (const indent of [4, '\t']) {
      const reply = JSON.stringify(script, null, indent);
      expect(read(beats, reply).whole()).toBe(true);
      expect(read(beats, reply.slice(0, reply.indexOf('"content"'))).forced()).toBe('');
    }
  });

  it('reads a reply fed in pieces exactly as one fed at once', () => {
    const reply = JSON.stringify(script, null, 4);
    const reader = new JsonReplyReader(beats);
    let at = 0;
    for (let size = 1; at < reply.length; size = (size % 7) + 1) {
      reader.feed(reply.slice(at, at + size));
      at += size;
      const once = read(beats, reply.slice(0, at));
      expect([reader.forced(), reader.whole()], reply.slice(0, at)).toEqual([once.forced(), once.whole()]);
    }
    expect(reader.whole()).toBe(true);
  });

  it('only ever forces what a model writing canonical JSON would write next', () => {
    const replies: [GbnfJsonSchema, unknown][] = [
      [beats, script],
      [intent, { thought: '', intention: 'wait by the door' }],
      [stateChanges, { changes: [{ name: 'fear', level: 12, category: 'emotion' }], summary: 'afraid' }],
      [loreFacts, { facts: [{ key: 'mill', content: 'It burned in the winter of 1821.' }], summary: '' }],
    ];
    for (const [schema, value] of replies) {
      const reply = canonical(value);
      const reader = new JsonReplyReader(schema);
      let sampled = 0;
      let at = 0;
      while (at < reply.length) {
        const forced = reader.forced();
        expect(reply.startsWith(forced, at), `${reply.slice(0, at)} + ${forced}`).toBe(true);
        const step = forced === '' ? 1 : forced.length;
        if (forced === '') sampled++;
        reader.feed(reply.slice(at, at + step));
        at += step;
      }
      expect(reader.whole()).toBe(true);
      expect(sampled).toBeLessThan(reply.length);
    }
  });

  it('hands over a long forced run in pieces of at most 256 characters', () => {
    const long = 'a'.repeat(600);
    const schema = grammarSchema(z.strictObject({ kind: z.literal(long), note: z.string() }));
    expect(forcedJson(schema, '')).toBe(`{"kind": "${long.slice(0, 246)}`);
    let text = '';
    for (let forced = forcedJson(schema, text); forced !== ''; forced = forcedJson(schema, text)) text += forced;
    expect(text).toBe(`{"kind": "${long}", "note": "`);
  });
});
