import type { StoryPack } from '../pack/index.ts';
import type { NewMessage } from '../stream/index.ts';
import type { PendingMarker, PlayState } from './play-state.ts';
import { describeTime } from './world-time.ts';

/** The scene markers waiting in the play state, as stream messages: structure for the Narrator, breaks for the reader. */
export function markerMessages(pack: StoryPack, state: PlayState): NewMessage[] {
  return state.pendingMarkers.map((marker) => ({
    owner: 'system',
    type: 'scene_marker',
    content: markerText(pack, state, marker),
    meta: {
      kind: 'scene_marker',
      marker: marker.marker,
      ...(marker.from === undefined ? {} : { from: marker.from }),
      ...(marker.to === undefined ? {} : { to: marker.to }),
      ...(marker.duration === undefined ? {} : { duration: marker.duration }),
    },
  }));
}

function markerText(pack: StoryPack, state: PlayState, marker: PendingMarker): string {
  const place = (id: string | undefined) => pack.locations.find((location) => location.id === id)?.name ?? id ?? '';
  switch (marker.marker) {
    case 'scene_open':
      return `Scene ${state.scene}: ${place(state.location)}, ${describeTime(state.time)}`;
    case 'scene_close':
      return `The scene closes`;
    case 'location_change':
      return `From ${place(marker.from)} to ${place(marker.to)}`;
    case 'time_skip':
      return `${marker.duration ?? 'Time'} later: ${describeTime(state.time)}`;
  }
}
