import { useEffect } from 'react';
import type { DebugStore } from '../stores/debug-store.ts';
import type { PlayStore } from '../stores/play-store.ts';

/** Alt+Z undoes the last turn, Alt+R plays it again, Alt+D opens or closes the debug drawer. */
export function usePlayShortcuts(play: PlayStore, debug: DebugStore): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!event.altKey || event.ctrlKey || event.metaKey) return;
      const key = event.code;
      if (key === 'KeyZ') void play.getState().submit('/undo', '');
      else if (key === 'KeyR') void play.getState().submit('/retry', '');
      else if (key === 'KeyD') debug.getState().toggle();
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [play, debug]);
}
