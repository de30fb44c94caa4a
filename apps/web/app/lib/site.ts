/** The marketplace's own contact details, shown in the footer and on the contact page. */
export const site = {
  name: 'Soko',
  tagline: "Kenya's marketplace",
  email: 'support@soko.co.ke',
  phone: '+254 709 100 200',
  phoneHref: 'tel:+254709100200',
  address: 'Kimathi Street, Nairobi CBD, Kenya',
  hours: 'Mon-Sat 8:30am-8:00pm',
} as const
