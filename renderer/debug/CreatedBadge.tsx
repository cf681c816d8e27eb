import type { ChronicleCharacterView } from '../engine.ts';

/** Marks a character the story created (the Narrator asked for it) rather than the pack; nothing for a pack's own. */
export function CreatedBadge(props: { readonly created: ChronicleCharacterView['created'] }) {
  if (props.created === null) return null;
  return (
    <span className="created-badge" title={`Created by the story in turn ${props.created.turn}: ${props.created.why}`}>
      created
    </span>
  );
}
