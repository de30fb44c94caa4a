/** Moves focus to the first field showing an error, once React has drawn the messages. */
export function focusFirstError(form: HTMLElement | null): void {
  requestAnimationFrame(() => {
    const field = form?.querySelector<HTMLElement>('[aria-invalid="true"]')
    field?.focus()
  })
}
