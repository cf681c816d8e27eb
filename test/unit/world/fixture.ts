import { createWorldState } from '../../../engine/world/index.ts';
import type { WorldState } from '../../../engine/world/index.ts';

/**
 * A small house: a hall between a kitchen (open arch) and a cellar (locked door, key in the kitchen drawer), a dark
 * attic up a ladder, a one-person closet, and a garden the kitchen window overlooks.
 */
export function houseWorld(): WorldState {
  return createWorldState({
    locations: [
      {
        id: 'hall',
        name: 'the hall',
        zone: 'house',
        connections: [
          { to: 'kitchen', cost: 1 },
          { to: 'cellar', cost: 2, door: 'cellar_door' },
          { to: 'attic', cost: 3, seeThrough: false },
          { to: 'closet', cost: 1, door: 'closet_door' },
        ],
      },
      {
        id: 'kitchen',
        name: 'the kitchen',
        zone: 'house',
        connections: [
          { to: 'hall', cost: 1 },
          { to: 'garden', cost: 5 },
        ],
        overlooks: ['garden'],
      },
      {
        id: 'cellar',
        name: 'the cellar',
        zone: 'house',
        lighting: 'dim',
        connections: [{ to: 'hall', cost: 2, door: 'cellar_door' }],
      },
      {
        id: 'attic',
        name: 'the attic',
        zone: 'house',
        lighting: 'dark',
        connections: [{ to: 'hall', cost: 3, seeThrough: false }],
      },
      { id: 'closet', name: 'the closet', capacity: 1, connections: [{ to: 'hall', cost: 1, door: 'closet_door' }] },
      { id: 'garden', name: 'the garden', zone: 'grounds', connections: [{ to: 'kitchen', cost: 5 }] },
    ],
    agents: [
      { id: 'mara', name: 'Mara', location: 'hall', carryLimit: 2 },
      { id: 'tomas', name: 'Tomas', location: 'kitchen' },
      { id: 'ghost', name: 'the ghost', location: 'attic' },
      { id: 'ines', name: 'Ines', location: 'garden' },
    ],
    objects: [
      {
        id: 'cellar_door',
        name: 'cellar door',
        kind: 'fixed',
        place: { at: 'location', id: 'hall' },
        state: { open: false, locked: true },
        keyId: 'iron_key',
      },
      {
        id: 'closet_door',
        name: 'closet door',
        kind: 'fixed',
        place: { at: 'location', id: 'hall' },
        state: { open: true, locked: false },
      },
      {
        id: 'drawer',
        name: 'drawer',
        kind: 'interactive',
        place: { at: 'location', id: 'kitchen' },
        state: { open: false },
        container: true,
      },
      { id: 'iron_key', name: 'iron key', kind: 'portable', place: { at: 'container', id: 'drawer' } },
      { id: 'lantern', name: 'lantern', kind: 'portable', place: { at: 'location', id: 'hall' }, owner: 'tomas' },
      { id: 'coat', name: 'coat', kind: 'portable', place: { at: 'location', id: 'hall' } },
      { id: 'hat', name: 'hat', kind: 'portable', place: { at: 'location', id: 'hall' } },
      { id: 'letter', name: 'letter', kind: 'portable', place: { at: 'agent', id: 'tomas' }, visibility: 'hidden' },
      {
        id: 'lever',
        name: 'lever',
        kind: 'interactive',
        place: { at: 'location', id: 'cellar' },
        state: { active: false },
      },
      { id: 'table', name: 'table', kind: 'fixed', place: { at: 'location', id: 'kitchen' } },
    ],
    features: [
      { id: 'rain', name: 'rain on the roof', location: null },
      { id: 'drip', name: 'dripping pipe', location: 'cellar' },
    ],
    environment: { minuteOfDay: 870, weather: 'rain', tension: 0.2, flags: { public_awareness: 'none' } },
  });
}
