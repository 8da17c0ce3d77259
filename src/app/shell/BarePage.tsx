import type { ReactNode } from 'react';
import './BarePage.css';

/** A page outside the signed-in frame (login, sign-up, onboarding, paywall, download): its own <main>. */
export function BarePage({ children }: { children: ReactNode }) {
  return (
    <main id="conteudo" className="bare-page">
      {children}
    </main>
  );
}
