import {
  type CheckoutPaymentMethod,
  type OrderDetail,
  PAYMENT_METHODS,
  type PaymentState,
} from '@soko/contract/checkout'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { SubmitButton } from '../../components/ui/form-actions.tsx'
import { FormMessage, PhoneField } from '../../components/ui/form-field.tsx'
import { Spinner } from '../../components/ui/spinner.tsx'
import { ApiError } from '../../lib/api-client.ts'
import { formatKes } from '../../lib/format.ts'
import { fetchPayment, isPaymentPending, orderKeys, retryPayment } from '../../lib/orders.ts'
import { validateMpesaNumber } from './checkout-form.ts'
import { PaybillInstructions } from './paybill-instructions.tsx'
import { PaymentMethodChoice } from './payment-step.tsx'

/** How often a pending payment is asked about: the simulated shopper pays about two seconds after the push. */
export const PAYMENT_POLL_MS = 2_000

/**
 * The order's latest payment, asked again every two seconds while it is pending and no more once it settled.
 * When it settles the order is fetched again (its status and what can be done with it change too).
 */
export function usePayment(order: OrderDetail, token: string | null) {
  const client = useQueryClient()
  const query = useQuery({
    queryKey: orderKeys.payment(order.orderNumber),
    queryFn: () => fetchPayment(order.orderNumber, token),
    initialData: order.payment ?? undefined,
    enabled: order.payment !== null,
    refetchInterval: (current) => (isPaymentPending(current.state.data) ? PAYMENT_POLL_MS : false),
    refetchIntervalInBackground: true,
    retry: 2,
  })
  const status = query.data?.status
  const previous = useRef(status)
  useEffect(() => {
    if (previous.current !== status) {
      previous.current = status
      void client.invalidateQueries({ queryKey: orderKeys.order(order.orderNumber), exact: true })
    }
  }, [client, order.orderNumber, status])
  return query
}

/** Sends the browser to the card provider's page (the card number is typed there only). */
export function goToCardPage(url: string): void {
  window.location.assign(url)
}

export interface PaymentStatusProps {
  order: OrderDetail
  payment: PaymentState
  token: string | null
  /** 'Try again' in the checkout, 'Pay now' on the account's order page. */
  retryLabel: string
}

/**
 * Where the payment stands, in a live region (screen readers hear each change), with a way to pay again once an
 * attempt has failed: another M-Pesa number, or the card page instead. Never while a prompt is still pending.
 */
export function PaymentStatus({ order, payment, token, retryLabel }: PaymentStatusProps) {
  const isPending = isPaymentPending(payment)
  const sentence =
    isPending && payment.method === 'mpesa'
      ? `We sent an M-Pesa request for ${formatKes(payment.amount)} to ${payment.phone ?? 'your phone'}. Enter your M-Pesa PIN on your phone to pay.`
      : payment.message
  const isProblem = ['failed', 'cancelled', 'expired'].includes(payment.status)
  return (
    <div className="payment-status">
      <p
        className={isProblem ? 'payment-status__message payment-status__message--problem' : 'payment-status__message'}
        role="status"
      >
        {sentence}
      </p>
      {isPending && (
        <p className="payment-status__waiting">
          <Spinner size="sm" /> Waiting for your payment...
        </p>
      )}
      {isPending && payment.method === 'credit-card' && payment.redirectUrl && (
        <a className="button" href={payment.redirectUrl}>
          Continue to the card payment page
        </a>
      )}
      {payment.receipt && payment.status === 'paid' && (
        <p className="payment-status__receipt">
          Receipt: <strong>{payment.receipt}</strong>
        </p>
      )}
      {isPending && payment.method === 'mpesa-paybill' && payment.paybill && (
        <PaybillInstructions paybill={payment.paybill} title="Pay by M-Pesa Paybill" />
      )}
      {payment.canRetry && !isPending && order.status === 'pending_payment' && (
        <RetryForm order={order} payment={payment} token={token} retryLabel={retryLabel} />
      )}
      {!isPending && payment.paybill && (
        <PaybillInstructions paybill={payment.paybill} title="Or pay from your own M-Pesa menu" />
      )}
    </div>
  )
}

function RetryForm({ order, payment, token, retryLabel }: PaymentStatusProps) {
  const id = useId()
  const client = useQueryClient()
  const [method, setMethod] = useState<CheckoutPaymentMethod>(payment.method)
  const [number, setNumber] = useState('')
  const [numberError, setNumberError] = useState('')
  const retry = useMutation({
    mutationFn: () =>
      retryPayment(order.orderNumber, token, {
        paymentMethod: method,
        ...(method === 'mpesa' && number.trim() ? { mpesaNumber: number } : {}),
      }),
    onSuccess: (next) => {
      client.setQueryData(orderKeys.payment(order.orderNumber), next)
      if (next.method === 'credit-card' && next.redirectUrl) goToCardPage(next.redirectUrl)
    },
    onError: (error) => {
      // 409: a prompt is still pending after all; show it rather than a second one.
      if (error instanceof ApiError && error.status === 409) {
        void client.invalidateQueries({ queryKey: orderKeys.payment(order.orderNumber) })
      }
    },
  })

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (retry.isPending) return
    const problem = method === 'mpesa' && number.trim() ? validateMpesaNumber(number) : ''
    setNumberError(problem)
    if (problem) return
    retry.mutate()
  }

  const failure =
    retry.error instanceof ApiError
      ? retry.error.status === 0 || retry.error.status >= 500
        ? 'We could not reach the payment service. Check your connection and try again.'
        : retry.error.detail
      : retry.isError
        ? 'We could not start the payment. Please try again.'
        : ''

  return (
    <form className="payment-retry" noValidate onSubmit={onSubmit} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="payment-retry__title">
        Pay for order {order.orderNumber}
      </h3>
      <FormMessage kind="error">{failure}</FormMessage>
      <PaymentMethodChoice
        legend="Pay with"
        name={`${id}-method`}
        value={method}
        onChange={setMethod}
        methods={PAYMENT_METHODS.filter((way) => way !== 'pay-on-delivery')}
      />
      {method === 'mpesa' ? (
        <PhoneField
          label="M-Pesa Number"
          name="mpesaNumber"
          value={number}
          onValueChange={setNumber}
          error={numberError}
          hint={
            payment.phone
              ? `Leave empty to send the request to ${payment.phone} again, or enter another number.`
              : 'The number that gets the payment request.'
          }
        />
      ) : method === 'mpesa-paybill' ? (
        <p className="checkout-note">
          We show our business number and your account number: pay from your own phone (Lipa na M-Pesa, Pay Bill).
        </p>
      ) : (
        <p className="checkout-note">
          You will pay on the secure card page of our payment provider. Your card details never reach Soko.
        </p>
      )}
      <SubmitButton hasSpinner isBusy={retry.isPending} busyLabel="Sending...">
        {retryLabel}
      </SubmitButton>
    </form>
  )
}

/** An order's payment, followed live: for pages that show an order placed earlier (the account's order page). */
export function OrderPayment({
  order,
  token,
  retryLabel,
}: {
  order: OrderDetail
  token: string | null
  retryLabel: string
}) {
  const payment = usePayment(order, token)
  if (!payment.data) return <p className="checkout-note">No payment has been started for this order.</p>
  return <PaymentStatus order={order} payment={payment.data} token={token} retryLabel={retryLabel} />
}
