import type { KeyboardEvent } from 'react';
import type { DebugTab } from '../stores/debug-store.ts';

export const DEBUG_TABS: readonly { readonly id: DebugTab; readonly label: string }[] = [
  { id: 'calls', label: 'Stage calls' },
  { id: 'truth', label: 'Truth set' },
  { id: 'landscape', label: 'Landscape' },
  { id: 'context', label: 'Context' },
  { id: 'characters', label: 'Characters' },
  { id: 'chronicle', label: 'Chronicle' },
];

export const tabId = (tab: DebugTab) => `debug-tab-${tab}`;
export const panelId = (tab: DebugTab) => `debug-panel-${tab}`;

/** The drawer's panels as tabs: click one, or move between them with the arrow keys, Home and End. */
export function DebugTabs(props: { readonly selected: DebugTab; readonly onSelect: (tab: DebugTab) => void }) {
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = DEBUG_TABS.length - 1;
    const moves: Readonly<Record<string, number>> = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    };
    const next = moves[event.key];
    const tab = next === undefined ? undefined : DEBUG_TABS[next];
    if (next === undefined || tab === undefined) return;
    event.preventDefault();
    props.onSelect(tab.id);
    const button = event.currentTarget.parentElement?.children[next];
    if (button instanceof HTMLElement) button.focus();
  };
  return (
    <div className="debug-tabs" role="tablist" aria-label="Debug panels">
      {DEBUG_TABS.map((tab, index) => (
        <button
          key={tab.id}
          type="button"
          role="tab"
          id={tabId(tab.id)}
          aria-selected={tab.id === props.selected}
          // Only the selected panel is in the page.
          aria-controls={tab.id === props.selected ? panelId(tab.id) : undefined}
          tabIndex={tab.id === props.selected ? 0 : -1}
          className={tab.id === props.selected ? 'debug-tab selected' : 'debug-tab'}
          onClick={() => props.onSelect(tab.id)}
          onKeyDown={(event) => onKeyDown(event, index)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
