import { BOUNDARY_PROMPT_STAGES, type BoundaryPromptStage } from '../api/index.ts';
import type { LlmMessage } from '../llm/index.ts';
import type { ViewStage } from '../stream/index.ts';
import { VIEW_STAGES } from '../stream/index.ts';
import { DEFAULT_BOUNDARY_TEMPLATES, DEFAULT_TEMPLATES } from './defaults.ts';
import { checkTemplate, compileTemplate, type CompiledTemplate } from './handlebars-env.ts';
import { splitSections, toChatMessages } from './chat-sections.ts';
import type { PromptContext } from './context.ts';
import { expandMacros, type MacroValues } from './macros.ts';
import { withStandingFirst } from './standing-first.ts';
import type { ReflectionContext } from './reflection-context.ts';
import type { CreationContext, PartialProfileContext } from './profile-context.ts';
import type {
  ChroniclerContext,
  CohortMemberAccountContext,
  CohortMemberContext,
  CohortModeratorContext,
  IntentCheckContext,
  LoreCrafterContext,
  OffscreenInferenceContext,
  StandaloneSimulationContext,
} from './simulation-context.ts';

type CompiledSections = readonly { readonly role: LlmMessage['role']; readonly render: CompiledTemplate }[];

function compileSections(source: string): CompiledSections {
  return splitSections(source).map(({ role, source: section }) => ({ role, render: compileTemplate(section) }));
}

type TemplateStage = ViewStage | BoundaryPromptStage;

/** What each boundary stage's template is rendered with. */
interface BoundaryContexts {
  readonly character_reflection: ReflectionContext;
  readonly intent_check: IntentCheckContext;
  readonly standalone_simulation: StandaloneSimulationContext;
  readonly cohort_moderator: CohortModeratorContext;
  readonly cohort_member: CohortMemberContext;
  readonly cohort_member_account: CohortMemberAccountContext;
  readonly offscreen_inference: OffscreenInferenceContext;
  readonly chronicler: ChroniclerContext;
  readonly lore_crafter: LoreCrafterContext;
  readonly partial_profile: PartialProfileContext;
  readonly creation: CreationContext;
}

/** The macro values for one prompt, from the variables it is rendered with (see macros.ts). */
export type MacroSource = (variables: object) => MacroValues;

export interface TemplateProblem {
  readonly stage: TemplateStage;
  readonly message: string;
}

/** Every stage's compiled template: the pack's override where it has one, else the built-in. */
export class PromptBook {
  readonly #templates: ReadonlyMap<TemplateStage, CompiledSections>;
  readonly #macros: MacroSource | null;

  private constructor(templates: ReadonlyMap<TemplateStage, CompiledSections>, macros: MacroSource | null = null) {
    this.#templates = templates;
    this.#macros = macros;
  }

  /**
   * The same templates, with card macros (`{{char}}`, `{{user}}` …) in the rendered text replaced: the one place pack
   * and card text has its macros expanded on the way into a prompt. Handlebars has already run, so a macro the pack's
   * text holds is never read as a template expression.
   */
  withMacros(macros: MacroSource): PromptBook {
    return new PromptBook(this.#templates, macros);
  }

  /** Compiles all templates up front; an override that does not compile is reported and the built-in used. */
  static create(overrides: Readonly<Partial<Record<string, string>>> = {}): {
    book: PromptBook;
    problems: TemplateProblem[];
  } {
    const problems: TemplateProblem[] = [];
    const templates = new Map<TemplateStage, CompiledSections>();
    const defaults: Readonly<Record<TemplateStage, string>> = { ...DEFAULT_TEMPLATES, ...DEFAULT_BOUNDARY_TEMPLATES };
    for (const stage of [...VIEW_STAGES, ...BOUNDARY_PROMPT_STAGES]) {
      const override = overrides[stage];
      // Each section compiles on its own, so a block that spans a ::user:: marker is a problem too.
      const problem =
        override === undefined
          ? null
          : (splitSections(override)
              .map((section) => checkTemplate(section.source))
              .find((found) => found !== null) ?? null);
      if (problem !== null) problems.push({ stage, message: problem });
      templates.set(stage, compileSections(override !== undefined && problem === null ? override : defaults[stage]));
    }
    return { book: new PromptBook(templates), problems };
  }

  render(stage: ViewStage, context: PromptContext): LlmMessage[] {
    return this.#render(stage, withStandingFirst(context));
  }

  /** A scene-boundary stage's prompt, from the variables of its own kind (built from one principal's view). */
  renderBoundary<S extends BoundaryPromptStage>(stage: S, context: BoundaryContexts[S]): LlmMessage[] {
    return this.#render(stage, context);
  }

  #render(stage: TemplateStage, context: object): LlmMessage[] {
    const template = this.#templates.get(stage);
    if (template === undefined) throw new Error(`no template for stage ${stage}`);
    const values = this.#macros?.(context) ?? null;
    const expand = (text: string): string => (values === null ? text : expandMacros(text, values));
    return toChatMessages(template.map(({ role, render }) => ({ role, text: expand(render(context)) })));
  }
}
