import { cardPlay, isCardCharacter, type Character, type StoryPack } from '../pack/index.ts';
import { expandMacros, type MacroValues } from '../prompts/index.ts';

/**
 * Card macros in play. Text that belongs to a character (its sheet, its card fields, the lore only it knows) says
 * `{{char}}` of that character, so it is expanded per owner once, when a save is opened; `{{user}}` is the save's
 * persona. What is left (world lore, places, the story's own text, and `{{time}}`/`{{date}}`) is expanded when each
 * prompt is rendered (`PromptBook.withMacros`), with the stage's own character, else the story's lead character.
 */
export interface PlayMacros {
  /** The pack with every character-owned text expanded. */
  readonly pack: StoryPack;
  /** The values for a prompt: `char` is the stage's character (by id) when it has one, else the lead. */
  values(time: string, stageCharacter: string | null): MacroValues;
}

export function playMacros(pack: StoryPack, personaId: string): PlayMacros {
  const user = pack.personas.find((persona) => persona.id === personaId)?.name ?? 'you';
  const names = new Map(pack.characters.map((character) => [character.id, cardPlay(character).displayName]));
  const lead = leadCharacter(pack.characters);
  const leadName = lead === undefined ? 'the character' : (names.get(lead.id) ?? lead.name);
  const own = (id: string): MacroValues => ({ char: names.get(id) ?? leadName, user });
  const expanded: StoryPack = {
    ...pack,
    characters: pack.characters.map((character) => mapStrings(character, own(character.id))),
    lore: pack.lore.map((entry) => (names.has(entry.audience) ? mapStrings(entry, own(entry.audience)) : entry)),
  };
  return {
    pack: expanded,
    values: (time, stageCharacter) => ({
      char: (stageCharacter === null ? undefined : names.get(stageCharacter)) ?? leadName,
      user,
      time: inWorldTime(time),
      date: inWorldDate(time),
    }),
  };
}

/** The character `{{char}}` means in text no character owns: the first that came from a card, else the first. */
function leadCharacter(characters: readonly Character[]): Character | undefined {
  return characters.find(isCardCharacter) ?? characters[0];
}

/** Every string inside the value expanded (ids and keys hold no macros, and expanding them changes nothing). */
function mapStrings<T>(value: T, values: MacroValues): T {
  return walk(value, values) as T;
}

function walk(value: unknown, values: MacroValues): unknown {
  if (typeof value === 'string') return expandMacros(value, values);
  if (Array.isArray(value)) return value.map((item: unknown) => walk(item, values));
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, walk(item, values)]));
  return value;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const TIME = /^(-?\d{4,})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?/u;

/** "21:40" from "1723-05-14T21:40"; the text as it is when it is no in-world time. */
export function inWorldTime(time: string): string {
  const match = TIME.exec(time);
  if (match === null) return time;
  const [, , , , hour, minute] = match;
  return hour === undefined || minute === undefined ? 'some time of the day' : `${hour}:${minute}`;
}

/** "14 May 1723" from "1723-05-14T21:40". */
export function inWorldDate(time: string): string {
  const match = TIME.exec(time);
  if (match === null) return time;
  const [, year = '', month = '', day = ''] = match;
  return `${Number(day)} ${MONTHS[Number(month) - 1] ?? month} ${year}`;
}

/** The story's opening paragraph as a reader first meets it: its first place's name and description, macros filled. */
export function openingText(pack: StoryPack, personaId: string): string | null {
  const start = pack.locations.find((location) => location.id === pack.manifest.start.location);
  if (start === undefined) return null;
  const values = playMacros(pack, personaId).values(pack.manifest.start.time, null);
  return expandMacros(`${start.name}. ${start.description}`, values);
}
