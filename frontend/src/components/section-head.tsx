import type { ReactNode } from 'react';

/** A back-office screen's head: its title, the line under it and any tools (a search box). */
export function SectionHead({
  title,
  intro,
  children,
}: {
  title: string;
  intro: ReactNode;
  children?: ReactNode;
}) {
  return (
    <header className="admin-section__head">
      <div>
        <h1 className="admin-section__title">{title}</h1>
        <p className="admin-section__intro">{intro}</p>
      </div>
      {children}
    </header>
  );
}
