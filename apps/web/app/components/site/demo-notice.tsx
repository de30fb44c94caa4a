/**
 * Shown on every page while the server runs in demo mode (DESIGN D8): nobody should mistake the demo for a shop
 * that takes their money. The wording is the one every email of the demo carries too.
 */
export function DemoNotice() {
  return (
    <div className="demo-notice" role="note" aria-label="Demo store">
      <strong>Demo store: no real payments.</strong>{' '}
      <span>Orders, M-Pesa prompts and card payments here are simulated; nothing is charged or delivered.</span>
    </div>
  )
}
