/** The 'Verified Seller' tick after a shop's name: a mark to the eye, words to a screen reader (styled in app.css). */
export function VerifiedMark() {
  return (
    <span className="verified" title="Verified Seller">
      <span aria-hidden="true"> ✔</span>
      <span className="visually-hidden"> (Verified Seller)</span>
    </span>
  )
}
