export { PromptBook, type MacroSource, type TemplateProblem } from './prompt-book.ts';
export { expandMacros, hasMacros, type MacroValues } from './macros.ts';
export { checkTemplate, stickyWindowStart } from './handlebars-env.ts';
export { splitSections, toChatMessages } from './chat-sections.ts';
export { DEFAULT_BOUNDARY_TEMPLATES, DEFAULT_TEMPLATES } from './defaults.ts';
export type * from './context.ts';
export type { ReflectionContext } from './reflection-context.ts';
export type { CreationContext, PartialProfileContext } from './profile-context.ts';
export type * from './simulation-context.ts';
