import type { LlmMessage } from '../llm/index.ts';
import type { PromptContext } from '../prompts/index.ts';
import type { FittedPrompt, PromptBudget } from '../stage-call/index.ts';
import { shrinkPrompt } from './fit-prompt.ts';
import type { StreamEntry, ViewStage } from '../stream/index.ts';
import { characterVariables, promptContext } from './prompt-view.ts';
import type { TurnContext } from './turn-context.ts';

export interface StageView {
  readonly stage: ViewStage;
  readonly principal: string;
  readonly roundStartSeq: number;
  /** Narrator only: the intention it resolves. */
  readonly resolving?: StreamEntry;
  /** The character whose sheet the template receives as `char`. */
  readonly character?: string;
}

/** A stage's prompt: the view of its principal at this point of the turn, rendered with the stage's template. */
export function renderStage(context: TurnContext, view: StageView, extra: Partial<PromptContext> = {}): LlmMessage[] {
  const request = {
    stage: view.stage,
    principal: view.principal,
    cursor: { turn: context.buffer.turn, roundStartSeq: view.roundStartSeq },
    ...(view.resolving === undefined ? {} : { resolving: view.resolving }),
  };
  const char =
    view.character === undefined
      ? {}
      : {
          char: characterVariables(
            context.pack,
            context.state,
            request,
            view.character,
            context.partialProfiles?.[view.character],
            context.offstage?.[view.character],
            context.standings?.[view.character],
          ),
        };
  const inputs = {
    pack: context.pack,
    state: context.state,
    personaId: context.personaId,
    stream: context.buffer.stream(),
    request,
    ...(context.knowledge === undefined ? {} : { knowledge: context.knowledge }),
  };
  const variables = promptContext(inputs, { ...char, ...extra });
  const render = (shrunk: PromptContext) => context.prompts.render(view.stage, shrunk);
  const messages = render(variables);
  recipes.set(messages, (budget) => shrinkPrompt(view.stage, variables, render, budget));
  return messages;
}

/**
 * How each rendered prompt was made, so the stage call can rebuild it smaller when the model in use cannot hold it
 * (the call knows the model; the renderer knows the parts). A prompt changed after rendering has no recipe.
 */
const recipes = new WeakMap<readonly LlmMessage[], (budget: PromptBudget) => Promise<FittedPrompt>>();

export function promptFitter(messages: readonly LlmMessage[]) {
  return recipes.get(messages);
}
