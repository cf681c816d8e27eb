/** Shown while a file is dragged over the library. */
export function DropOverlay() {
  return (
    <div className="drop-overlay" role="status" aria-live="polite">
      <div className="drop-target">
        <p className="drop-title">Drop to import</p>
        <p className="muted">A character card (.png, .charx, .json) or a lorebook (.json)</p>
      </div>
    </div>
  );
}
