import { useEffect } from 'react';

export const PRODUCT_NAME = __PRODUCT_NAME__;

/** A first-page text with the product's name in its {product} (fillText's job, without loading it on the first page). */
export const withProductName = (text: string) => text.replace('{product}', PRODUCT_NAME);

/** Sets the document title to '{title} - {product}'. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} - ${PRODUCT_NAME}`;
  }, [title]);
}
