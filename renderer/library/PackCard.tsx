import type { PackSummary, SaveSummary } from '../engine.ts';
import { Diagnostics } from './Diagnostics.tsx';
import { NewGame, type NewGameChoice } from './NewGame.tsx';
import { PackCover } from './PackCover.tsx';
import { SaveRow } from './SaveRow.tsx';
import { StatusBadge } from './StatusBadge.tsx';
import type { SaveActions } from './save-actions.ts';

interface Props {
  readonly pack: PackSummary;
  readonly saves: readonly SaveSummary[];
  readonly onBegin: (choice: NewGameChoice) => void;
  readonly actions: SaveActions;
  readonly loadCover: (packId: string) => Promise<string | null>;
}

/** One story: what it is, whether it loads, its saves, and New game. */
export function PackCard({ pack, saves, onBegin, actions, loadCover }: Props) {
  return (
    <article className="pack" data-pack={pack.id}>
      <header className="pack-header">
        <PackCover title={pack.title} coverPath={pack.coverPath} load={() => loadCover(pack.id)} />
        <div className="pack-heading">
          <h2 className="pack-title">{pack.title}</h2>
          <p className="pack-byline">
            by {pack.author} · v{pack.version} · {pack.source === 'builtin' ? 'built in' : 'your pack'}
          </p>
        </div>
        <StatusBadge status={pack.status} count={pack.diagnostics.length} />
      </header>
      <p className="pack-description">{pack.description}</p>
      <Diagnostics diagnostics={pack.diagnostics} />
      {saves.length > 0 && (
        <ul className="save-list" aria-label={`Saves of ${pack.title}`}>
          {saves.map((save) => (
            <SaveRow key={save.id} save={save} actions={actions} />
          ))}
        </ul>
      )}
      {pack.status !== 'error' && <NewGame pack={pack} onBegin={onBegin} />}
    </article>
  );
}
