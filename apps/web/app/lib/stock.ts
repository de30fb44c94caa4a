/** What a product says about its stock (the API's listing and detail shapes both carry these fields). */
export interface StockFacts {
  is_in_stock: boolean
  is_low_stock: boolean
  stock_qty: number
}

export interface StockLine {
  isInStock: boolean
  /** 'In Stock' or 'Out of Stock' (specification section 2). */
  label: 'In Stock' | 'Out of Stock'
  /** 'Only N left' beside 'In Stock' when the vendor's low-stock threshold is reached; else null. */
  lowStockNote: string | null
}

/**
 * The stock line of a product card and page: 'In Stock', with 'Only N left' beside it (never instead of it) when
 * stock is low; 'Out of Stock' when none is left. Whether stock is low is the server's `is_low_stock`, from the
 * product's own threshold.
 */
export function stockLine(product: StockFacts): StockLine {
  if (!product.is_in_stock || product.stock_qty <= 0) {
    return { isInStock: false, label: 'Out of Stock', lowStockNote: null }
  }
  return {
    isInStock: true,
    label: 'In Stock',
    lowStockNote: product.is_low_stock ? `Only ${product.stock_qty} left` : null,
  }
}
