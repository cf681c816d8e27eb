import type { EngineHandlers } from '../../api/index.ts';
import type { HostContext } from '../context.ts';

export function appHandlers(context: HostContext): Pick<EngineHandlers, 'app.info'> {
  return {
    'app.info': async () => ({
      appVersion: context.appVersion,
      home: context.ports.roots.home,
      platform: context.platform,
      llmOverride: context.llmOverride,
    }),
  };
}
