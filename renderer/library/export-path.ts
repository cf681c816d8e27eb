/** Where an export goes unless the player says otherwise: `<home>/exports/<save>.storyloom`. */
export function defaultExportPath(home: string, saveId: string): string {
  const stem = saveId.replace(/\.storyloom$/u, '');
  const separator = home.includes('\\') && !home.includes('/') ? '\\' : '/';
  const base = home.endsWith(separator) ? home.slice(0, -1) : home;
  return `${base}${separator}exports${separator}${stem}.storyloom`;
}
