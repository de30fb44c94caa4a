import { ReviewBodySchema } from '@soko/contract/checkout'
import { useMutation } from '@tanstack/react-query'
import { type FormEvent, useId, useState } from 'react'
import { SubmitButton } from '../../components/ui/form-actions.tsx'
import { FormMessage, TextAreaField } from '../../components/ui/form-field.tsx'
import { call } from '../../lib/api-client.ts'
import { writeFailure } from './panel-states.tsx'

const RATINGS = [1, 2, 3, 4, 5] as const

/** A review of a product delivered to the shopper: 1 to 5 stars (radio buttons) and a comment. */
export function ReviewForm({ productName, slug }: { productName: string; slug: string }) {
  const id = useId()
  const [rating, setRating] = useState<number | null>(null)
  const [comment, setComment] = useState('')
  const [error, setError] = useState('')
  const send = useMutation({
    mutationFn: (body: { rating: number; comment: string }) =>
      call('POST /api/marketplace/products/:slug/reviews/', { params: { slug }, body }),
  })

  if (send.isSuccess) {
    return <FormMessage kind="success">Thanks for your review</FormMessage>
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (send.isPending) return
    const parsed = ReviewBodySchema.safeParse({ rating: rating ?? 0, comment })
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Rating must be 1 to 5 stars')
      return
    }
    setError('')
    send.mutate(parsed.data)
  }

  return (
    <form className="review-form" noValidate onSubmit={onSubmit} aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`} className="review-form__title">
        Review {productName}
      </h4>
      {send.isError && (
        <FormMessage kind="error">
          {writeFailure(send.error, 'Failed to send your review. Please try again.')}
        </FormMessage>
      )}
      <fieldset className="review-form__stars" aria-describedby={error ? `${id}-error` : undefined}>
        <legend>Your rating</legend>
        {RATINGS.map((value) => (
          <label key={value} className="review-form__star">
            <input
              type="radio"
              name={`${id}-rating`}
              value={value}
              checked={rating === value}
              onChange={() => setRating(value)}
            />
            <span aria-hidden="true">{'★'.repeat(value)}</span>
            <span className="visually-hidden">
              {value} {value === 1 ? 'star' : 'stars'}
            </span>
          </label>
        ))}
      </fieldset>
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
      <TextAreaField label="Comment" name="comment" maxLength={2000} value={comment} onValueChange={setComment} />
      <SubmitButton isBusy={send.isPending} busyLabel="Sending...">
        Submit Review
      </SubmitButton>
    </form>
  )
}
