import { useState } from 'react';
import type { SaveSummary } from '../engine.ts';
import { RenameForm } from './RenameForm.tsx';
import { formatWhen } from './format-when.ts';
import { ExportDialog } from './ExportDialog.tsx';
import type { SaveActions } from './save-actions.ts';

interface Props {
  readonly save: SaveSummary;
  readonly actions: SaveActions;
}

type Mode = 'idle' | 'renaming' | 'confirming' | 'exporting';

/** One save: continue it, rename it in place, export a copy, or delete it after a second click. */
export function SaveRow({ save, actions }: Props) {
  const { onContinue, onRename, onDelete } = actions;
  const [mode, setMode] = useState<Mode>('idle');
  if (mode === 'renaming') {
    const done = (title: string | null) => {
      if (title !== null && title !== save.title) onRename(save.id, title);
      setMode('idle');
    };
    return (
      <li className="save-row">
        <RenameForm initial={save.title} onDone={done} />
      </li>
    );
  }
  return (
    <li className="save-row" data-save={save.id}>
      <button type="button" className="save-open" onClick={() => onContinue(save.id)}>
        <span className="save-title">{save.title}</span>
        <span className="save-meta">
          {save.turnCount} {save.turnCount === 1 ? 'turn' : 'turns'} · {formatWhen(save.updatedAt)}
        </span>
      </button>
      {mode === 'confirming' ? (
        <span className="save-actions">
          <span className="muted">Delete this save?</span>
          <button type="button" className="quiet danger" onClick={() => onDelete(save.id)}>
            Delete
          </button>
          <button type="button" className="quiet" onClick={() => setMode('idle')}>
            Keep
          </button>
        </span>
      ) : (
        <span className="save-actions">
          <button type="button" className="quiet" onClick={() => setMode('renaming')}>
            Rename
          </button>
          <button type="button" className="quiet" onClick={() => setMode('exporting')}>
            Export
          </button>
          <button type="button" className="quiet" onClick={() => setMode('confirming')}>
            Delete
          </button>
        </span>
      )}
      {mode === 'exporting' && (
        <ExportDialog
          title={save.title}
          initial={actions.exportPathOf(save.id)}
          onExport={(path) => actions.onExport(save.id, path)}
          onClose={() => setMode('idle')}
        />
      )}
    </li>
  );
}
