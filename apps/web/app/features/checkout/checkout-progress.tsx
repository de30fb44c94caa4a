import { STEP_LABELS, STEPS, type Step } from './checkout-form.ts'

/** The four steps (specification section 2) with a bar that fills as the shopper goes on. */
export function CheckoutProgress({ step }: { step: Step }) {
  const index = STEPS.indexOf(step)
  return (
    <nav className="checkout-progress" aria-label="Checkout progress">
      <div
        className="checkout-progress__bar"
        role="progressbar"
        aria-label="Checkout progress"
        aria-valuemin={1}
        aria-valuemax={STEPS.length}
        aria-valuenow={index + 1}
        aria-valuetext={`Step ${index + 1} of ${STEPS.length}: ${STEP_LABELS[step]}`}
      >
        <span className="checkout-progress__fill" style={{ width: `${((index + 1) / STEPS.length) * 100}%` }} />
      </div>
      <ol className="checkout-progress__steps">
        {STEPS.map((name, position) => (
          <li
            key={name}
            className={
              position < index
                ? 'checkout-progress__step checkout-progress__step--done'
                : position === index
                  ? 'checkout-progress__step checkout-progress__step--current'
                  : 'checkout-progress__step'
            }
            aria-current={position === index ? 'step' : undefined}
          >
            <span className="checkout-progress__number" aria-hidden="true">
              {position < index ? '✓' : position + 1}
            </span>
            <span>
              {STEP_LABELS[name]}
              {position < index && <span className="visually-hidden"> (done)</span>}
            </span>
          </li>
        ))}
      </ol>
    </nav>
  )
}
