import type { ReactNode } from "react";

/** The frame of every sign-in page: one centred card inside the site's layout. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="center-page">
      <div className="card">
        <h1>{title}</h1>
        {children}
      </div>
    </div>
  );
}
