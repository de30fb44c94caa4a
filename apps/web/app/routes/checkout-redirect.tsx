import { redirect } from 'react-router'

// Checkout arrives later and replaces this: until then its steps (/checkout, /payment, /order-summary and their
// copies under /products/) send the shopper back to the cart, where their items are. Temporary (302), as the
// addresses will have screens of their own.
export function loader() {
  return redirect('/cart', 302)
}

// A component makes this a page route, so a client-side navigation (Buy Now, Proceed to Checkout) follows the
// redirect too.
export default function CheckoutRedirect() {
  return null
}
