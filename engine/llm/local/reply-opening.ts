import { LlamaGrammarEvaluationState, type LlamaGrammar, type LlamaModel, type Token } from 'node-llama-cpp';

/**
 * The grammar state a reply continues from once it opens with `opening`, or null when the grammar does not allow that
 * opening (or this node-llama-cpp cannot say). The opening is then part of the prompt, evaluated in one batch with
 * it, instead of sampled a token at a time: on a CPU, the dozen tokens of JSON before a beat script's first word of
 * prose cost more than a second when generated.
 *
 * node-llama-cpp 3 keeps accepting a token into a grammar state internal (its LlamaChat does it when a function call's
 * prefix is already known), so this reaches it through a shape checked at run time; without it, the caller generates
 * the opening as before.
 */
export function grammarAfterOpening(
  model: LlamaModel,
  grammar: LlamaGrammar,
  opening: string,
): LlamaGrammarEvaluationState | null {
  const state = new LlamaGrammarEvaluationState({ model, grammar });
  // Tokenized as the middle of a text: a SentencePiece vocabulary's dummy leading space is no part of the JSON.
  const tokens = model.tokenize(opening, false, 'trimLeadingSpace');
  return acceptInGrammar(state, tokens) === tokens.length ? state : null;
}

/**
 * Moves the grammar state past `tokens` while it allows them; returns how many it took (none where this
 * node-llama-cpp cannot say). The generation loop forces the text the grammar leaves no choice in the same way.
 */
export function acceptInGrammar(state: LlamaGrammarEvaluationState, tokens: readonly Token[]): number {
  const sampler = grammarSampler(state);
  if (sampler === null) return 0;
  for (const [index, token] of tokens.entries()) {
    if (!sampler.canBeNextTokenForGrammarEvaluationState(sampler.state, token)) return index;
    sampler.acceptGrammarEvaluationStateToken(sampler.state, token);
  }
  return tokens.length;
}

/** The binding calls that test and accept a token on a grammar state, bound to the state's native half. */
interface GrammarSampler {
  readonly state: unknown;
  canBeNextTokenForGrammarEvaluationState(state: unknown, token: Token): boolean;
  acceptGrammarEvaluationStateToken(state: unknown, token: Token): void;
}

function grammarSampler(state: LlamaGrammarEvaluationState): GrammarSampler | null {
  const native: unknown = Reflect.get(state, '_state');
  const llama: unknown = Reflect.get(state, '_llama');
  const bindings: unknown = isObject(llama) ? Reflect.get(llama, '_bindings') : undefined;
  const sampler: unknown = isObject(bindings) ? Reflect.get(bindings, 'AddonSampler') : undefined;
  if (native === undefined || !isObject(sampler)) return null;
  const canBeNext: unknown = Reflect.get(sampler, 'canBeNextTokenForGrammarEvaluationState');
  const accept: unknown = Reflect.get(sampler, 'acceptGrammarEvaluationStateToken');
  if (typeof canBeNext !== 'function' || typeof accept !== 'function') return null;
  return {
    state: native,
    canBeNextTokenForGrammarEvaluationState: (on, token) => canBeNext.call(sampler, on, token) === true,
    acceptGrammarEvaluationStateToken: (on, token) => void accept.call(sampler, on, token),
  };
}

function isObject(value: unknown): value is object {
  return (typeof value === 'object' || typeof value === 'function') && value !== null;
}
