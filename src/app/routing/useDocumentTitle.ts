import { useEffect } from 'react';

export const PRODUCT_NAME = 'Fechaí';

/** "Clientes · Fechaí"; the product name alone for a page without a title (spec §2). */
export function documentTitle(title: string | undefined): string {
  return title ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME;
}

export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}
