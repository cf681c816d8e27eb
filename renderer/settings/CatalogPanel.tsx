import { useStore } from 'zustand';
import { useStores } from '../shell/stores-context.tsx';
import type { ProviderInput } from '../stores/model-store.ts';
import { CatalogRow } from './CatalogRow.tsx';

/** The recommended models to download, the smallest first; a finished one can be used at once. */
export function CatalogPanel(props: { readonly onUse: (provider: ProviderInput) => void }) {
  const { models } = useStores();
  const catalog = useStore(models, (state) => state.catalog);
  const local = useStore(models, (state) => state.local);
  const downloads = useStore(models, (state) => state.downloads);
  const actions = models.getState();
  if (catalog.length === 0) return <p className="muted">No recommended models are listed.</p>;
  return (
    <ul className="catalog">
      {catalog.map((model) => (
        <CatalogRow
          key={model.id}
          model={model}
          progress={downloads[model.uri]}
          present={local.some((file) => file.fileName === model.fileName && file.error === null)}
          onDownload={() => void actions.download(model.uri, model.fileName)}
          onCancel={() => void actions.cancelDownload(model.uri)}
          onUse={() => props.onUse({ kind: 'local', modelPath: model.fileName })}
        />
      ))}
    </ul>
  );
}
