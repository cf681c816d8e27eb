import Handlebars from 'handlebars';
import { errorMessage } from '../api/index.ts';

/**
 * One isolated Handlebars environment with a fixed helper set. Templates come from packs (untrusted text): no
 * prototype access, no partials, only known helpers, no HTML escaping (prompts are not HTML).
 */
const env = Handlebars.create();

/**
 * `{{#last msgs N}}…{{/last}}` iterates over at most the last N items. The window's start moves in steps of N/2
 * rather than one message at a time, so the rendered history keeps the same beginning for several turns and the
 * model's KV cache of the prompt prefix stays valid.
 */
export function stickyWindowStart(length: number, limit: number): number {
  if (length <= limit) return 0;
  const step = Math.max(1, Math.ceil(limit / 2));
  return Math.ceil((length - limit) / step) * step;
}

env.registerHelper('last', function (this: unknown, items: unknown, limit: unknown, options: Handlebars.HelperOptions) {
  if (!Array.isArray(items)) return '';
  const max = typeof limit === 'number' && limit > 0 ? Math.floor(limit) : items.length;
  return items
    .slice(stickyWindowStart(items.length, max))
    .map((item, index) => options.fn(item, { data: { ...options.data, index } }))
    .join('');
});

env.registerHelper('eq', (a: unknown, b: unknown) => a === b);
env.registerHelper('join', (items: unknown, separator: unknown) =>
  Array.isArray(items) ? items.map(String).join(typeof separator === 'string' ? separator : ', ') : '',
);

export const KNOWN_HELPERS = { last: true, eq: true, join: true } as const;

export type CompiledTemplate = (context: object) => string;

export function compileTemplate(source: string): CompiledTemplate {
  const template = env.compile(source, {
    noEscape: true,
    strict: false,
    knownHelpers: KNOWN_HELPERS,
    knownHelpersOnly: true,
  });
  return (context) =>
    template(context, {
      allowProtoMethodsByDefault: false,
      allowProtoPropertiesByDefault: false,
      helpers: {},
      partials: {},
    });
}

/** Compiles eagerly so a broken template is reported when a pack loads, not in the middle of a turn. */
export function checkTemplate(source: string): string | null {
  try {
    env.precompile(source, { knownHelpers: KNOWN_HELPERS, knownHelpersOnly: true });
    return null;
  } catch (error) {
    return errorMessage(error);
  }
}
