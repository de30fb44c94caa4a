import { describe, expect, it } from 'vitest'
import { fitsOneSms, type OrderTextFacts, orderText, SMS_PART_CHARS, shorten, smsLength, toGsm7 } from './sms.ts'

describe('SMS length', () => {
  it.each([
    ['', 'gsm7', 0, 1],
    ['Hello', 'gsm7', 5, 1],
    ['a'.repeat(160), 'gsm7', 160, 1],
    ['a'.repeat(161), 'gsm7', 161, 2],
    ['a'.repeat(306), 'gsm7', 306, 2],
    ['a'.repeat(307), 'gsm7', 307, 3],
    // The extension table's characters take two septets each.
    ['€10 [x]', 'gsm7', 10, 1],
    [`${'a'.repeat(159)}€`, 'gsm7', 161, 2],
    ['Café à Ñairobi £5', 'gsm7', 17, 1],
    // One character outside GSM-7 turns the whole text into UCS-2.
    ['Nice 👍', 'ucs2', 7, 1],
    ['Mama’s shop', 'ucs2', 11, 1],
    [`${'a'.repeat(70)}ê`, 'ucs2', 71, 2],
  ] as const)('%j is %s, %i units, %i part(s)', (text, encoding, units, parts) => {
    expect(smsLength(text)).toEqual({ encoding, units, parts })
  })

  it.each([
    ['Mama’s “Best” shop – Nairobi…', 'Mama\'s "Best" shop - Nairobi...'],
    ['Crème brûlée 🍰 stall', 'Crème brulée stall'],
    ['Ñyama  Choma\u00a0Joint', 'Ñyama Choma Joint'],
    ['Plain text', 'Plain text'],
  ])('toGsm7(%j) is %j', (input, expected) => {
    expect(toGsm7(input)).toBe(expected)
    expect(smsLength(toGsm7(input)).encoding).toBe('gsm7')
  })

  it.each([
    ['Short', 10, 'Short'],
    ['Mama Mboga Fresh Produce', 12, 'Mama Mboga.'],
    ['Kariakor Market Traders Sacco', 9, 'Kariakor.'],
  ])('shorten(%j, %i) is %j', (value, max, expected) => {
    expect(shorten(value, max)).toBe(expected)
    expect(shorten(value, max).length).toBeLessThanOrEqual(max)
  })
})

const LONG_SHOP =
  'Wanjiku & Sons Quality Household Electronics, Furniture and Kitchenware Emporium (Nairobi CBD Branch)'
const LONG_STATION =
  'Pickup Mtaani Agent - Kencom House Ground Floor Shop 14, Moi Avenue opposite the Hilton Hotel, Nairobi'

describe('order texts', () => {
  it.each<[string, OrderTextFacts, string]>([
    [
      'placed, M-Pesa prompt',
      { kind: 'placed', orderNumber: 'SK-7K3M9Q', totalCents: 1_234_500, pay: { method: 'mpesa' } },
      'Soko: order SK-7K3M9Q placed, KSh 12,345. Enter your M-Pesa PIN on the prompt to pay.',
    ],
    [
      'placed, Paybill',
      {
        kind: 'placed',
        orderNumber: 'SK-7K3M9Q',
        totalCents: 99_950,
        pay: { method: 'mpesa-paybill', paybill: '600000' },
      },
      'Soko: order SK-7K3M9Q placed, KSh 999.50. Pay by M-Pesa Paybill 600000, account SK-7K3M9Q.',
    ],
    [
      'placed, pay on delivery',
      { kind: 'placed', orderNumber: 'SK-7K3M9Q', totalCents: 450_000, pay: { method: 'pay-on-delivery' } },
      'Soko: order SK-7K3M9Q placed, KSh 4,500. Pay KSh 4,500 in cash or M-Pesa on delivery.',
    ],
    [
      'placed, card',
      { kind: 'placed', orderNumber: 'SK-7K3M9Q', totalCents: 450_000, pay: { method: 'credit-card' } },
      'Soko: order SK-7K3M9Q placed, KSh 4,500. Pay by card on the payment page to confirm it.',
    ],
    [
      'paid',
      { kind: 'paid', orderNumber: 'SK-7K3M9Q', totalCents: 2_500_000_00 },
      'Soko: payment of KSh 2,500,000 received for order SK-7K3M9Q. We will text you when it ships.',
    ],
    [
      'shipped with a short shop name',
      { kind: 'shipped', orderNumber: 'SK-7K3M9Q', shopName: 'Duka La Mama', carrier: 'G4S', reference: 'G4S-88231' },
      'Soko: Duka La Mama shipped your order SK-7K3M9Q with G4S, ref G4S-88231.',
    ],
    [
      'shipped by a rider, no reference',
      { kind: 'shipped', orderNumber: 'SK-7K3M9Q', shopName: 'Duka', carrier: 'Boda-boda rider', reference: null },
      'Soko: Duka shipped your order SK-7K3M9Q with Boda-boda rider.',
    ],
    [
      'shipped to a pickup station',
      {
        kind: 'shipped',
        orderNumber: 'SK-7K3M9Q',
        shopName: 'Duka',
        carrier: 'Pickup station',
        reference: null,
        station: 'Kisumu Mega Plaza',
      },
      'Soko: Duka sent your order SK-7K3M9Q to Kisumu Mega Plaza. We will text you when it is ready to collect.',
    ],
    [
      'delivered',
      { kind: 'delivered', orderNumber: 'SK-7K3M9Q', shopName: 'Duka La Mama' },
      'Soko: your order SK-7K3M9Q from Duka La Mama was delivered. Something wrong? Report it on your order page.',
    ],
    [
      'refund sent',
      { kind: 'refund-sent', orderNumber: 'SK-7K3M9Q', amountCents: 150_000, destination: 'M-Pesa 0712 345 678' },
      'Soko: refund of KSh 1,500 for order SK-7K3M9Q sent to M-Pesa 0712 345 678.',
    ],
    [
      'vendor paid order',
      {
        kind: 'vendor-paid',
        orderNumber: 'SK-7K3M9Q',
        shopName: 'Duka',
        itemCount: 1,
        amountCents: 120_000,
        collectCents: null,
      },
      'Soko: new paid order SK-7K3M9Q for Duka: 1 item, KSh 1,200. Ship it from your vendor portal.',
    ],
    [
      'vendor pay-on-delivery order',
      {
        kind: 'vendor-paid',
        orderNumber: 'SK-7K3M9Q',
        shopName: 'Duka',
        itemCount: 3,
        amountCents: 120_000,
        collectCents: 150_000,
      },
      'Soko: new order SK-7K3M9Q for Duka: 3 items, KSh 1,200. Pay on delivery: collect KSh 1,500.',
    ],
  ])('%s', (_name, facts, expected) => {
    const text = orderText(facts)
    expect(text.text).toBe(expected)
    expect(text.overLength).toBeNull()
  })

  // Every template with the longest realistic values still fits one part, by cutting the names deterministically.
  it.each<OrderTextFacts>([
    { kind: 'placed', orderNumber: 'SK-ZZZZZZ', totalCents: 99_999_999_99, pay: { method: 'pay-on-delivery' } },
    {
      kind: 'placed',
      orderNumber: 'SK-ZZZZZZ',
      totalCents: 99_999_999_99,
      pay: { method: 'mpesa-paybill', paybill: '4123456' },
    },
    { kind: 'paid', orderNumber: 'SK-ZZZZZZ', totalCents: 99_999_999_99 },
    {
      kind: 'shipped',
      orderNumber: 'SK-ZZZZZZ',
      shopName: LONG_SHOP,
      carrier: 'Posta Kenya (EMS)',
      reference: 'EE123456789KE-WAYBILL-0000000000-NAIROBI-MOMBASA-ROUTE-99',
    },
    {
      kind: 'shipped',
      orderNumber: 'SK-ZZZZZZ',
      shopName: LONG_SHOP,
      carrier: 'Pickup station',
      reference: null,
      station: LONG_STATION,
    },
    {
      kind: 'at-station',
      orderNumber: 'SK-ZZZZZZ',
      stationName: LONG_STATION,
      collectionCode: '483920',
      collectBy: 'Wed 30 Dec',
    },
    { kind: 'delivered', orderNumber: 'SK-ZZZZZZ', shopName: `${LONG_SHOP} 😀` },
    {
      kind: 'refund-sent',
      orderNumber: 'SK-ZZZZZZ',
      amountCents: 99_999_999_99,
      destination: 'the Visa card ending 4242 used for this order',
    },
    {
      kind: 'vendor-paid',
      orderNumber: 'SK-ZZZZZZ',
      shopName: LONG_SHOP,
      itemCount: 999,
      amountCents: 99_999_999_99,
      collectCents: 99_999_999_99,
    },
  ])('$kind with long values fits one GSM-7 part', (facts) => {
    const text = orderText(facts)
    expect(text.overLength).toBeNull()
    expect(fitsOneSms(text.text)).toBe(true)
    expect(smsLength(text.text).units).toBeLessThanOrEqual(SMS_PART_CHARS)
    // Deterministic: the same facts make the same text.
    expect(orderText(facts).text).toBe(text.text)
    expect(text.text).toContain('SK-ZZZZZZ')
  })

  it('cuts the shop name first and keeps the carrier and reference when they fit', () => {
    const text = orderText({
      kind: 'shipped',
      orderNumber: 'SK-7K3M9Q',
      shopName: LONG_SHOP,
      carrier: 'G4S',
      reference: 'G4S-88231',
    })
    expect(text.text).toMatch(/^Soko: Wanjiku & Sons .*\. shipped your order SK-7K3M9Q with G4S, ref G4S-88231\.$/)
    expect(text.text.length).toBe(SMS_PART_CHARS)
  })

  it('keeps the collection code and collect-by date whole and cuts the station name', () => {
    const text = orderText({
      kind: 'at-station',
      orderNumber: 'SK-7K3M9Q',
      stationName: LONG_STATION,
      collectionCode: '483920',
      collectBy: 'Wed 30 Dec',
    })
    expect(text.text).toContain('code 483920')
    expect(text.text).toContain('Collect by Wed 30 Dec')
    expect(text.text).toContain('Pickup Mtaani')
  })

  it('says why when even the shortest names do not fit', () => {
    const text = orderText({
      kind: 'at-station',
      orderNumber: 'SK-7K3M9Q',
      stationName: 'Station',
      collectionCode: 'X'.repeat(120),
      collectBy: 'Wed 30 Dec',
    })
    expect(text.overLength).toMatch(/GSM-7 characters after shortening every name as far as it goes: 2 SMS parts/)
  })
})
