import type { LandscapeView } from '../engine.ts';
import { formatFigure } from './storykeeper-format.ts';

/** The landscape's headline: which scene pulls hardest, and where the player stands as of the turn. */
export function AttractorLine(props: { readonly view: LandscapeView; readonly titleOf: (id: string) => string }) {
  const { view, titleOf } = props;
  const attractor = view.strongestAttractor;
  return (
    <>
      <p className="landscape-attractor">
        {attractor === null ? (
          'No scene attracts as of this turn.'
        ) : (
          <>
            Strongest attractor: <strong>{titleOf(attractor.id)}</strong>{' '}
            <span className="muted">pull {formatFigure(attractor.pull)}</span>
          </>
        )}
      </p>
      <p className="truth-meta muted">
        Turn {view.turn} · at {view.location ?? 'nowhere known'}
        {view.currentScene === null ? '' : ` · in ${titleOf(view.currentScene)}`}
      </p>
    </>
  );
}
