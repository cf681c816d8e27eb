/** What the reader sees: the prose, and only their own intentions and thoughts unless the Sandbox shows all. */
export function isVisible(
  message: { readonly type: string; readonly owner: string },
  personaId: string,
  sandbox: boolean,
): boolean {
  if (message.type === 'system') return false;
  if (message.type === 'intention' || message.type === 'thought') return sandbox || message.owner === personaId;
  return true;
}
