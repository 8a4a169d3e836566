/** The document title of a page: its name, then the product's (the page's name first, as a tab shows it). */
export const documentTitle = (page: string | undefined) => (page ? `${page} · TradeCert` : 'TradeCert');
