import { type FormEvent, type ReactNode, type RefObject, useRef } from 'react'

/** Moves focus to the first field showing an error, once React has drawn the messages. */
function focusFirstError(form: HTMLElement | null): void {
  requestAnimationFrame(() => {
    const field = form?.querySelector<HTMLElement>('[aria-invalid="true"]')
    field?.focus()
  })
}

export interface StepFormProps {
  title: string
  /** Focused when the step opens, so screen readers hear where they are. */
  headingRef: RefObject<HTMLHeadingElement | null>
  /** The step's Continue (or Place Order); false when the step may not be left: the first field in error gets the cursor. */
  onContinue: () => boolean
  children: ReactNode
}

/** A checkout step: its form and its heading. */
export function StepForm({ title, headingRef, onContinue, children }: StepFormProps) {
  const formRef = useRef<HTMLFormElement>(null)
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!onContinue()) focusFirstError(formRef.current)
  }
  return (
    <form
      ref={formRef}
      className="card checkout-step"
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="checkout-step-title"
    >
      <h2 id="checkout-step-title" className="checkout-step__title" ref={headingRef} tabIndex={-1}>
        {title}
      </h2>
      {children}
    </form>
  )
}
