import { useStore } from 'zustand';
import { useStores } from '../shell/stores-context.tsx';
import { DEFAULT_APPEARANCE } from '../stores/settings-store.ts';
import { Choice } from './Choice.tsx';
import { ModelSection } from './ModelSection.tsx';

/** Reading preferences, saved in the engine's settings file as they change. */
export function SettingsDialog() {
  const { settings, ui } = useStores();
  const current = useStore(settings, (state) => state.settings);
  const error = useStore(settings, (state) => state.error);
  const setupFirst = useStore(ui, (state) => state.modelSetup);
  const appearance = current?.appearance ?? DEFAULT_APPEARANCE;
  const update = settings.getState().updateAppearance;
  const close = () => ui.getState().setSettingsOpen(false);
  return (
    <div className="modal-backdrop" onMouseDown={(event) => event.target === event.currentTarget && close()}>
      <section
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-label="Settings"
        onKeyDown={(event) => event.key === 'Escape' && close()}
      >
        <header className="modal-header">
          <h2>Settings</h2>
          <button type="button" className="quiet" onClick={close}>
            Done
          </button>
        </header>
        {error !== null && <p className="error-line">{error}</p>}
        <Choice
          label="Theme"
          value={appearance.theme}
          options={[
            ['light', 'Light'],
            ['sepia', 'Sepia'],
            ['dark', 'Dark'],
          ]}
          onChange={(theme) => void update({ theme })}
        />
        <Choice
          label="Font"
          value={appearance.font}
          options={[
            ['serif', 'Serif'],
            ['sans', 'Sans'],
            ['mono', 'Mono'],
          ]}
          onChange={(font) => void update({ font })}
        />
        <label className="setting">
          <span className="setting-label">Size</span>
          <input
            type="range"
            min={12}
            max={28}
            value={appearance.fontSize}
            onChange={(event) => void update({ fontSize: Number(event.target.value) })}
          />
          <span className="setting-value">{appearance.fontSize} px</span>
        </label>
        <label className="setting">
          <span className="setting-label">Suggestions</span>
          <input
            type="checkbox"
            checked={current?.play.choices ?? true}
            onChange={(event) => void settings.getState().updatePlay({ choices: event.target.checked })}
          />
          <span className="setting-value">Offer suggested actions under the story</span>
        </label>
        <label className="setting">
          <span className="setting-label">Head start</span>
          <input
            type="checkbox"
            checked={current?.play.warmUp ?? true}
            onChange={(event) => void settings.getState().updatePlay({ warmUp: event.target.checked })}
          />
          <span className="setting-value">
            Prepare the next turn and the scene's end while I read (keeps the processor busy between turns)
          </span>
        </label>
        <p className="sample">The shop smells of paste and old paper, and somewhere a kettle is beginning to sing.</p>
        {current !== null && <ModelSection llm={current.llm} startOpen={setupFirst} />}
      </section>
    </div>
  );
}
