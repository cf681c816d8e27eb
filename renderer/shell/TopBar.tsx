import type { ReactNode } from 'react';

/** The quiet bar above every screen: where you are on the left, what you can do on the right. */
export function TopBar(props: { readonly title: ReactNode; readonly children?: ReactNode }) {
  return (
    <header className="topbar">
      <div className="topbar-title">{props.title}</div>
      <nav className="topbar-actions">{props.children}</nav>
    </header>
  );
}
