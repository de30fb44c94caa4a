// The marketplace's rules the browser tests' server runs with (playwright.config.ts passes them to it). Set off the
// defaults on purpose: the information pages must show these, read from the server, never numbers of their own.
// Delivery and VAT stay at their defaults (500 KES, 16 %), which the checkout tests price with.
export const POLICY_SETTINGS = {
  RETURN_WINDOW_DAYS: '9',
  DELIVERY_CONFIRM_DAYS: '4',
  RETURN_ANSWER_HOURS: '36',
  COMMISSION_PERCENT: '12',
  ORDER_RESERVATION: '20m',
} as const
