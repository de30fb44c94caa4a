/** Review comments by sentiment; `{town}` is replaced with a Kenyan town. */
export const POSITIVE_COMMENTS = [
  'Delivered to {town} in two days, poa sana.',
  'Quality ni fiti, exactly as pictured.',
  'Genuine product, and the seller was very responsive on WhatsApp.',
  'Value for money. Nitanunua tena.',
  'Packaging was neat and the rider called before arriving.',
  'Better than what I found in town, and cheaper too.',
  'Paid via M-Pesa on delivery, smooth transaction.',
  'Bought this for my mum in {town}, she loves it.',
  'Fast delivery and good customer care. Asante sana!',
  'Exactly what I ordered. Highly recommend this vendor.',
  'Imefika salama, everything intact.',
  'Very good quality for the price, sijajuta.',
  'Third time ordering from this shop, never disappointed.',
  'Arrived the same day here in {town}, impressive.',
  'Kitu safi kabisa!',
  'Legit seller. Will definitely order again.',
  'Niko happy sana with this purchase.',
  'Great quality, my neighbours in {town} are asking where I got it.',
] as const

export const MIXED_COMMENTS = [
  'Good product but delivery to {town} took a week.',
  'It is okay for the price, nothing special.',
  'Works fine, but the packaging was damaged.',
  'Decent quality. Colour slightly different from the photo.',
  'Sawa tu. Does the job.',
  'Took long to arrive but the item is fine.',
  'Average. I expected a bit more for this price.',
  'Rider was late but the product is okay.',
  'Not bad, though the size runs a bit small.',
] as const

export const NEGATIVE_COMMENTS = [
  'Not as described, I had to return it.',
  'Delivery took two weeks to {town}, not happy.',
  'Quality is poor, haikudumu.',
  'Received the wrong item and the exchange took long.',
  'Seller took days to respond. Disappointed.',
  'Item arrived damaged. Refund was processed though.',
  'Too expensive for this quality, sina furaha.',
] as const

/** Department-specific praise, mixed in with the generic positive comments. */
export const DEPARTMENT_PRAISE: Readonly<Record<string, readonly string[]>> = {
  'phones-tablets': [
    'Battery inadumu the whole day, very happy.',
    'Original item, I confirmed the serial number. Poa!',
    'Works on Safaricom and Airtel with no issues.',
  ],
  electronics: [
    'Works perfectly, set it up myself in minutes.',
    'Came with a warranty card and receipt, genuine item.',
    'Sound and picture are top notch, the whole family enjoys it.',
  ],
  fashion: [
    'Fits perfectly and the fabric is very good quality.',
    'Got so many compliments at the wedding!',
    'True to size and the colours have not faded after washing.',
  ],
  'home-kitchen': [
    'Very durable, nimeitumia kila siku for a month now.',
    'Strong and well made, worth every shilling.',
    'My kitchen looks so smart now.',
  ],
  groceries: [
    'Fresh stock with a good expiry date.',
    'Cheaper than the supermarket, bei poa.',
    'The family loved it, will buy a bigger pack next time.',
  ],
  'health-beauty': [
    'My skin has never felt better.',
    'Genuine product, not the fake ones sold in town.',
    'Works as promised, highly recommend.',
  ],
  'baby-kids': [
    'My little one is comfortable and happy.',
    'The kids love it! Great gift.',
    'Good quality and safe for the little ones.',
  ],
  'sports-outdoors': [
    'Perfect for my morning runs in {town}.',
    'Strong and well stitched, used it for a full season.',
    'Great quality, feels like the original.',
  ],
  agriculture: [
    'Genuine product, my harvest this season was much better.',
    'Delivered right to the farm near {town}. Asante!',
    'Good quality, my shamba is looking great.',
  ],
  'books-stationery': [
    'Latest edition as required by the school.',
    'Good paper quality and well bound.',
    'Arrived before school opening, thank you.',
  ],
}

/** Closing sentences shared by all product descriptions; `{town}` is the vendor's town. */
export const DESCRIPTION_EXTRAS = [
  'Ships from {town} with delivery countrywide and pay on delivery in major towns.',
  'Pay with M-Pesa at checkout or on delivery.',
  'Same-day delivery within {town}, one to three days to other towns.',
  'Collect from a pick-up station near you or have it delivered to your door.',
  'Bei poa, genuine stock and easy 7-day returns.',
  'Order before 2pm for dispatch the same day from {town}.',
] as const
