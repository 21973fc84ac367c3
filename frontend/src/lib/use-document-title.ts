import { useEffect } from 'react';

/** Sets `document.title` while the screen is shown (screen readers announce it after navigation). */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
