import { createHash } from 'node:crypto';
import { stringify } from 'yaml';
import { PACK_FILES } from '../pack-layout.ts';
import { PACK_SCHEMA_VERSION } from '../schema/story.ts';
import type { FileWrite } from './file-write.ts';

export const SKELETON_LOCATION = 'start';
export const SKELETON_PERSONA = 'player';

export interface SkeletonOptions {
  readonly packId: string;
  readonly title: string;
  /** The imported character's name, for the description. */
  readonly characterName: string;
  /** The card's scenario: where and how the story begins (empty: a placeholder place). */
  readonly scenario: string;
  readonly author: string;
  readonly appVersion: string;
  /** Bytes of the imported file: the IFID is derived from them, so the same card always makes the same pack. */
  readonly fingerprint: Uint8Array;
}

/** The smallest valid pack around an imported character: one place, one persona, a manifest. */
export function packSkeleton(options: SkeletonOptions): FileWrite[] {
  const story = {
    schemaVersion: PACK_SCHEMA_VERSION,
    id: options.packId,
    title: options.title,
    version: '0.1.0',
    engine: `>=${options.appVersion.replace(/[-+].*$/u, '')}`,
    ifid: uuidFrom(options.fingerprint),
    author: options.author,
    description: `A story pack made from the imported character card "${options.characterName}". Add places and a persona.`,
    language: 'en',
    start: { location: SKELETON_LOCATION, time: '2000-01-01T09:00', persona: SKELETON_PERSONA },
  };
  const scenario = options.scenario.replace(/\r\n?/gu, '\n').trim();
  const locations = [
    { id: SKELETON_LOCATION, name: 'The beginning', description: scenario || 'Where the story begins.' },
  ];
  const personas = [
    { id: SKELETON_PERSONA, name: 'You', description: 'The player: someone the story is about to meet.' },
  ];
  return [
    { path: PACK_FILES.story, content: yamlText(story) },
    { path: PACK_FILES.locations, content: yamlText(locations) },
    { path: PACK_FILES.personas, content: yamlText(personas) },
  ];
}

export function yamlText(value: unknown): string {
  return stringify(value, { lineWidth: 0 });
}

/** A name-based UUID (version 5 layout) from a SHA-256 of the bytes: deterministic, no randomness needed. */
function uuidFrom(bytes: Uint8Array): string {
  const hex = createHash('sha256').update(bytes).digest('hex').slice(0, 32).split('');
  hex[12] = '5';
  hex[16] = ((Number.parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  const text = hex.join('');
  return `${text.slice(0, 8)}-${text.slice(8, 12)}-${text.slice(12, 16)}-${text.slice(16, 20)}-${text.slice(20)}`;
}
