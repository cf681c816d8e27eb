import type { EngineHandlers } from '../../api/index.ts';
import type { Sessions } from '../sessions.ts';

export function playHandlers(sessions: Sessions): Pick<EngineHandlers, 'play.submit' | 'play.settle' | 'play.cancel'> {
  return {
    'play.submit': ({ saveId, text, thought }) => sessions.submit(saveId, text, thought),
    'play.settle': ({ saveId }) => sessions.settle(saveId),
    'play.cancel': async ({ saveId }) => ({ cancelled: await sessions.cancel(saveId) }),
  };
}
