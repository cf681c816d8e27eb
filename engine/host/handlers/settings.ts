import { settingsSchema, type EngineHandlers } from '../../api/index.ts';
import type { HostContext } from '../context.ts';

export function settingsHandlers(context: HostContext): Pick<EngineHandlers, 'settings.get' | 'settings.update'> {
  return {
    'settings.get': async () => context.settings.get(),
    'settings.update': async (sections) => {
      // Sections the caller left out keep their current value; the merged whole is validated before it is written.
      const given = Object.fromEntries(Object.entries(sections).filter(([, value]) => value !== undefined));
      const saved = await context.settings.set(settingsSchema.parse({ ...context.settings.get(), ...given }));
      context.events.emit({ type: 'settings.changed' });
      return saved;
    },
  };
}
