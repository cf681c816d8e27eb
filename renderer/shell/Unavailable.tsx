/** Shown when the page has no engine to talk to (opened without its session token). */
export function Unavailable() {
  return (
    <main className="centered-note">
      <h1>Storyloom</h1>
      <p>
        This page needs the address printed by <code>storyloom serve</code>, with its session token.
      </p>
    </main>
  );
}
