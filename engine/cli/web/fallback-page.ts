/**
 * Shown by web mode when the renderer has not been built yet, so the URL never leads to a blank page. Unstyled: the
 * page's policy allows no inline style.
 */
export function fallbackPage(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Storyloom</title></head>
<body>
<h1>Storyloom</h1>
<p>The engine is running and its API answers at <code>/api/&lt;method&gt;</code>, but the window’s interface has
not been built in this checkout. Run <code>npm run build</code>, then start <code>storyloom serve</code> again.</p>
</body></html>
`;
}
