import type { CheckoutItem } from '@soko/contract/checkout'
import type { Address } from '@soko/contract/user'
import { useEffect, useRef, useState } from 'react'
import {
  type CheckoutValues,
  type FieldErrors,
  firstStepWithErrors,
  orderBody,
  stepErrors,
  validate,
} from './checkout-form.ts'
import { type Draft, readDraft, writeDraft } from './checkout-storage.ts'
import { preferredAddress, useSavedDetails, withAddress, withProfile } from './use-saved-details.ts'

type FormStep = Draft['step']

/**
 * The checkout's steps and what was typed in them, kept in the tab (a reload keeps them), with their errors. A
 * signed-in shopper's profile and default address fill what was not typed yet, once each. Every step starts at
 * the top with its heading focused, so screen readers hear where they are (not on first load).
 */
export function useCheckoutDraft(isSignedIn: boolean) {
  const [draft, setDraft] = useState<Draft>(readDraft)
  const [errors, setErrors] = useState<FieldErrors>({})
  const headingRef = useRef<HTMLHeadingElement>(null)
  const { profile, addresses } = useSavedDetails(isSignedIn)
  const { step, values } = draft

  useEffect(() => writeDraft(draft), [draft])

  const prefilled = useRef({ profile: false, address: false })
  useEffect(() => {
    if (!profile || prefilled.current.profile) return
    prefilled.current.profile = true
    setDraft((current) => ({ ...current, values: withProfile(current.values, profile) }))
  }, [profile])
  useEffect(() => {
    const preferred = preferredAddress(addresses)
    if (!preferred || prefilled.current.address) return
    prefilled.current.address = true
    setDraft((current) =>
      current.values.address || current.values.city
        ? current
        : { ...current, values: withAddress(current.values, preferred) },
    )
  }, [addresses])

  const shownStep = useRef(step)
  useEffect(() => {
    if (shownStep.current === step) return
    shownStep.current = step
    window.scrollTo({ top: 0 })
    headingRef.current?.focus({ preventScroll: true })
  }, [step])

  const goTo = (next: Draft['step']) => setDraft((current) => ({ ...current, step: next }))

  return {
    step,
    values,
    errors,
    headingRef,
    addresses,
    goTo,
    /** A field changed: its error goes. */
    setValue: <K extends keyof CheckoutValues>(field: K, value: CheckoutValues[K]) => {
      setDraft((current) => ({ ...current, values: { ...current.values, [field]: value } }))
      setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current))
    },
    clearError: (field: keyof FieldErrors) => setErrors((current) => ({ ...current, [field]: undefined })),
    /** Checks one step's fields with the shared schema; shows its errors and says whether it may be left. */
    checkStep: (current: FormStep, items: CheckoutItem[]): boolean => {
      const found = stepErrors(validate(orderBody(values, items, true)), current)
      setErrors(found)
      return Object.keys(found).length === 0
    },
    /** Shows errors from anywhere in the form, and goes back to the first step that has one. */
    showErrors: (found: FieldErrors) => {
      const first = firstStepWithErrors(found)
      if (!first) return false
      setErrors(found)
      if (first !== 'review') goTo(first)
      return true
    },
    pickAddress: (address: Address) => {
      setDraft((current) => ({ ...current, values: withAddress(current.values, address) }))
      setErrors({})
    },
  }
}
