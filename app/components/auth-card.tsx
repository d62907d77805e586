import type { ReactNode } from "react";
import { TopBar } from "./top-bar";

/** The frame of every sign-in page: the site's top bar and one centred card. */
export function AuthCard({ sitetitle, title, children }: { sitetitle: string; title: string; children: ReactNode }) {
  return (
    <>
      <TopBar title={sitetitle} user={null} />
      <main className="center-page">
        <div className="card">
          <h1>{title}</h1>
          {children}
        </div>
      </main>
    </>
  );
}
