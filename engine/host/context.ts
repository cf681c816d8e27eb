import type { Ports } from '../platform/index.ts';
import type { LlmProvider, ProviderConfig } from '../llm/index.ts';
import type { Settings } from '../api/index.ts';
import type { EventBus } from './event-bus.ts';

/** What every handler group receives: the ports, the event bus, settings access and how to make providers. */
export interface HostContext {
  readonly ports: Ports;
  readonly appVersion: string;
  readonly platform: string;
  /** The model catalog shipped with the app (a bundled app keeps it beside its resources); null: the engine's own. */
  readonly catalogFile: string | null;
  /** `--llm SPEC` as given, when the host pinned a provider for the run. */
  readonly llmOverride: string | null;
  readonly events: EventBus;
  readonly settings: {
    get(): Settings;
    set(next: Settings): Promise<Settings>;
  };
  readonly createProvider: (config: ProviderConfig) => Promise<LlmProvider>;
}
