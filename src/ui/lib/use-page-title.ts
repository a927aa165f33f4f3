import { useEffect } from 'react';

export const PRODUCT_NAME = __PRODUCT_NAME__;

/** Sets the document title to '{title} - {product}'. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} - ${PRODUCT_NAME}`;
  }, [title]);
}
