// The demo's pickup stations: one or two in each of Kenya's big towns, each with its own fee (cents). Made-up
// names at real streets; an admin edits or closes them at /admin/delivery.

export interface DemoStation {
  name: string
  county: string
  town: string
  address: string
  openingHours: string
  feeCents: number
}

export const DEMO_STATIONS: readonly DemoStation[] = [
  {
    name: 'Soko Point Kenyatta Avenue',
    county: 'Nairobi',
    town: 'Nairobi CBD',
    address: 'Shop 12, Kenyatta Avenue, next to the Post Office',
    openingHours: 'Mon–Sat 8:00–19:00',
    feeCents: 20_000,
  },
  {
    name: 'Soko Point Westlands',
    county: 'Nairobi',
    town: 'Westlands',
    address: 'Ground floor, Woodvale Grove',
    openingHours: 'Mon–Sun 9:00–20:00',
    feeCents: 20_000,
  },
  {
    name: 'Soko Point Moi Avenue',
    county: 'Mombasa',
    town: 'Mombasa',
    address: 'Moi Avenue, opposite the Tusks',
    openingHours: 'Mon–Sat 8:30–18:30',
    feeCents: 35_000,
  },
  {
    name: 'Soko Point Oginga Odinga Street',
    county: 'Kisumu',
    town: 'Kisumu',
    address: 'Oginga Odinga Street, Mega Plaza, 1st floor',
    openingHours: 'Mon–Sat 8:30–18:00',
    feeCents: 35_000,
  },
  {
    name: 'Soko Point Kenyatta Avenue Nakuru',
    county: 'Nakuru',
    town: 'Nakuru',
    address: 'Kenyatta Avenue, Westside Mall',
    openingHours: 'Mon–Sat 8:30–18:00',
    feeCents: 35_000,
  },
  {
    name: 'Soko Point Uganda Road',
    county: 'Uasin Gishu',
    town: 'Eldoret',
    address: 'Uganda Road, Zion Mall, ground floor',
    openingHours: 'Mon–Sat 8:30–18:00',
    feeCents: 35_000,
  },
]
