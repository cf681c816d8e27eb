import type { PackImportResult } from '../engine.ts';

/** What an import brought in, and what it left out. */
export function ImportSummary({
  result,
  packTitle,
}: {
  readonly result: PackImportResult;
  readonly packTitle: string;
}) {
  return (
    <div className="import-summary">
      <p className="test-ok">
        Imported {result.format} into {result.createdPack ? 'the new pack ' : ''}“{packTitle}”.
      </p>
      <dl>
        {result.character !== null && <Row term="Character" items={[result.character.name]} />}
        {result.lore.length > 0 && <Row term="Lore keys" items={result.lore} />}
        {result.skipped.length > 0 && <Row term="Skipped" items={result.skipped} />}
        {result.notes.length > 0 && <Row term="Notes" items={result.notes} />}
      </dl>
    </div>
  );
}

function Row({ term, items }: { readonly term: string; readonly items: readonly string[] }) {
  return (
    <>
      <dt>{term}</dt>
      <dd>
        <ul>
          {items.map((item, index) => (
            <li key={index}>{item}</li>
          ))}
        </ul>
      </dd>
    </>
  );
}
