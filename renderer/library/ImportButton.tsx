import { useRef } from 'react';
import { IMPORT_EXTENSIONS } from './read-file.ts';

/** For those who don't drag: the same import through a file picker. */
export function ImportButton({ onFile }: { readonly onFile: (file: File) => void }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button type="button" className="quiet" onClick={() => input.current?.click()}>
        Import card or lorebook…
      </button>
      <input
        ref={input}
        type="file"
        hidden
        aria-label="Card or lorebook file"
        accept={IMPORT_EXTENSIONS.join(',')}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file !== undefined) onFile(file);
        }}
      />
    </>
  );
}
