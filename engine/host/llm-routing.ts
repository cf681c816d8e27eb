import {
  createLlmRouter,
  type LlmRouter,
  type ProviderConfig,
  type ProviderFactory,
  type RoutingConfig,
} from '../llm/index.ts';

/**
 * The one LLM router of the running engine (one loaded local model, shared by every save). Rebuilt when the settings'
 * routing changes; a host may pin a provider for the whole run (`--llm SPEC` on the command line).
 */
export class LlmRouting {
  readonly #factory: ProviderFactory;
  readonly #override: ProviderConfig | undefined;
  #router: LlmRouter | null = null;
  #routing: RoutingConfig;

  constructor(routing: RoutingConfig, factory: ProviderFactory, override?: ProviderConfig) {
    this.#routing = routing;
    this.#factory = factory;
    this.#override = override;
  }

  router(): LlmRouter {
    this.#router ??= createLlmRouter(
      this.#override === undefined ? this.#routing : { default: this.#override, stages: {} },
      this.#factory,
    );
    return this.#router;
  }

  async update(routing: RoutingConfig): Promise<void> {
    if (JSON.stringify(routing) === JSON.stringify(this.#routing)) return;
    this.#routing = routing;
    await this.dispose();
  }

  async dispose(): Promise<void> {
    const router = this.#router;
    this.#router = null;
    await router?.dispose();
  }
}
