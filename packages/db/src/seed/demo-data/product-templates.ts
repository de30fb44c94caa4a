/**
 * Product name templates per leaf category. A product name is one choice from every part of a line, joined by
 * spaces (empty labels are skipped), so each line spans the cartesian product of its parts. A choice may carry a
 * price factor; the product's shelf price is a point in the line's `kes` range times the factors of its choices.
 */
export type Choice = string | readonly [label: string, factor: number]

export interface ProductLine {
  readonly parts: readonly (readonly Choice[])[]
  /** Base shelf price range in KES, before the choices' factors. */
  readonly kes: readonly [min: number, max: number]
  /** Line-specific opening sentences for descriptions (used instead of the leaf's blurbs about half the time). */
  readonly about?: readonly string[]
  /** Opening sentences that replace the leaf's blurbs for this line; `{name}` is replaced with the product name. */
  readonly blurbs?: readonly string[]
  /** Follow-up sentences that replace the leaf's details for this line. */
  readonly details?: readonly string[]
}

export interface LeafTemplate {
  /** Relative share of generated products that land in this leaf. */
  readonly weight: number
  readonly lines: readonly ProductLine[]
  /** Opening sentences; `{name}` is replaced with the product name. */
  readonly blurbs: readonly string[]
  /** Follow-up sentences. */
  readonly details: readonly string[]
}

const ADULT_SIZES = ['(S)', '(M)', '(L)', '(XL)', '(XXL)']
const SHOE_SIZES = ['(Size 38)', '(Size 39)', '(Size 40)', '(Size 41)', '(Size 42)', '(Size 43)', '(Size 44)']
const LADIES_SHOE_SIZES = ['(Size 36)', '(Size 37)', '(Size 38)', '(Size 39)', '(Size 40)', '(Size 41)']
const PRINTS = ['(Blue and Orange)', '(Green Swirl)', '(Red Geometric)', '(Yellow Floral)', '(Purple Mix)']
const RETAIL_PACKS: readonly Choice[] = [
  ['', 1],
  ['(Pack of 6)', 5.8],
  ['(Bale of 12)', 11],
]
const PHONE_MODELS = [
  'Samsung Galaxy A15',
  'Samsung Galaxy A05',
  'Tecno Spark 20',
  'Tecno Camon 30',
  'Infinix Hot 40i',
  'Redmi Note 13',
  'iPhone 13',
  'iPhone 15',
]

export const PRODUCT_TEMPLATES: Readonly<Record<string, LeafTemplate>> = {
  // ---------------------------------------------------------------- Phones & Tablets
  smartphones: {
    weight: 8,
    lines: [
      {
        parts: [
          ['Samsung Galaxy'],
          [
            ['A05', 1],
            ['A05s', 1.15],
            ['A15', 1.5],
            ['A16', 1.7],
            ['A25', 2.2],
            ['A35', 2.9],
            ['A55', 3.5],
          ],
          [
            ['64GB', 1],
            ['128GB', 1.12],
            ['256GB', 1.3],
          ],
          ['(Black)', '(Light Blue)', '(Mint)', '(Silver)', '(Awesome Navy)'],
        ],
        kes: [11000, 13000],
        about: [
          'Samsung build quality with One UI, Knox security and a bright, sharp display.',
          'Backed by the Samsung Kenya warranty and service centres across the country.',
        ],
      },
      {
        parts: [
          ['Tecno'],
          [
            ['Spark Go 2024', 1],
            ['Spark 20', 1.35],
            ['Spark 20 Pro', 1.8],
            ['Pova 6', 2.2],
            ['Camon 30', 2.6],
          ],
          [
            ['128GB', 1],
            ['256GB', 1.15],
          ],
          ['(Gravity Black)', '(Frosty Ivory)', '(Neon Gold)', '(Magic Skin Green)'],
        ],
        kes: [9000, 10500],
        about: ['Tecno phones are built for Africa, with cameras tuned for darker skin tones and big batteries.'],
      },
      {
        parts: [
          ['Infinix'],
          [
            ['Smart 8', 1],
            ['Hot 40i', 1.4],
            ['Hot 40 Pro', 1.85],
            ['Note 40', 2.4],
            ['Zero 30', 3.3],
          ],
          [
            ['128GB', 1],
            ['256GB', 1.15],
          ],
          ['(Starlit Black)', '(Palm Blue)', '(Horizon Gold)', '(Titan Gold)'],
        ],
        kes: [9000, 10500],
        about: ['Infinix packs a large screen, stereo speakers and fast charging into an affordable phone.'],
      },
      {
        parts: [
          ['itel'],
          [
            ['A70', 1],
            ['P55', 1.3],
            ['S24', 1.6],
          ],
          [
            ['64GB', 1],
            ['128GB', 1.12],
          ],
          ['(Starlish Black)', '(Azure Blue)', '(Field Green)'],
        ],
        kes: [8000, 9000],
        about: ['itel makes smartphones that anyone can afford, without giving up a good battery.'],
      },
      {
        parts: [
          ['Nokia'],
          [
            ['C22', 1],
            ['C32', 1.2],
            ['G42 5G', 2.1],
          ],
          [
            ['64GB', 1],
            ['128GB', 1.12],
          ],
          ['(Charcoal)', '(Autumn Green)', '(So Purple)'],
        ],
        kes: [9500, 11000],
        about: ['Nokia toughness with clean Android and two years of security updates.'],
      },
      {
        parts: [
          ['Xiaomi'],
          [
            ['Redmi A3', 1],
            ['Redmi 13C', 1.3],
            ['Redmi Note 13', 2],
            ['Redmi Note 13 Pro', 3],
          ],
          [
            ['128GB', 1],
            ['256GB', 1.15],
          ],
          ['(Midnight Black)', '(Ocean Blue)', '(Mint Green)', '(Glacier White)'],
        ],
        kes: [9500, 11000],
      },
      {
        parts: [
          ['Oppo'],
          [
            ['A18', 1],
            ['A38', 1.25],
            ['A58', 1.6],
            ['Reno 11F 5G', 3],
          ],
          [
            ['128GB', 1],
            ['256GB', 1.15],
          ],
          ['(Glowing Black)', '(Glowing Blue)', '(Dazzling Green)'],
        ],
        kes: [12000, 13500],
      },
    ],
    blurbs: [
      'The {name} is a dependable everyday smartphone with a big display and a battery that lasts all day.',
      'Stay connected with the {name}: dual SIM, 4G and ready for M-Pesa, WhatsApp and TikTok.',
      'The {name} brings a sharp camera and smooth performance at a fair price.',
      '{name}, brand new and sealed in the box.',
    ],
    details: [
      'Comes with a charger, USB cable and a one-year manufacturer warranty.',
      'Dual SIM, works on Safaricom, Airtel and Telkom.',
      'Original accessories and a free screen protector in the box.',
      'Fast charging takes you from zero to 50% in about half an hour.',
      'Available on Lipa Mdogo Mdogo at selected shops.',
    ],
  },
  'feature-phones': {
    weight: 3,
    lines: [
      {
        parts: [
          ['Nokia'],
          [
            ['105', 1],
            ['110 4G', 1.6],
            ['150', 1.5],
            ['2660 Flip', 2.6],
            ['3310', 1.9],
          ],
          ['', 'Dual SIM'],
          ['(Charcoal)', '(Cyan)', '(Red)', '(Blue)'],
        ],
        kes: [2000, 2400],
      },
      {
        parts: [
          ['itel'],
          [
            ['it2163', 1],
            ['it2180', 1.1],
            ['it5026', 1.2],
            ['Magic 2 4G', 1.9],
          ],
          ['', 'Dual SIM'],
          ['(Black)', '(Blue)', '(Red)'],
        ],
        kes: [1400, 1700],
      },
      {
        parts: [
          ['Tecno'],
          [
            ['T101', 0.9],
            ['T301', 1],
            ['T528', 1.3],
          ],
          ['', 'Dual SIM'],
          ['(Black)', '(Blue)', '(Gold)'],
        ],
        kes: [1500, 1800],
      },
      {
        parts: [
          ['Samsung'],
          [
            ['Guru Music 2', 1],
            ['E1200', 0.9],
          ],
          ['', 'Dual SIM'],
          ['(Black)', '(Blue)', '(White)'],
        ],
        kes: [2200, 2600],
      },
    ],
    blurbs: [
      'The {name} is a tough kabambe with a battery that lasts for days.',
      'Simple, reliable and affordable, the {name} is perfect for calls, SMS and M-Pesa.',
      'A great second phone, the {name} has FM radio and a bright torch.',
    ],
    details: [
      'Standby time of up to three weeks on a single charge.',
      'Supports M-Pesa, USSD codes and wireless FM radio on selected models.',
      'Ideal for wazee, students and anyone who needs a phone that just works.',
      'Large keypad and loud speaker, easy to use even in a noisy matatu.',
    ],
  },
  tablets: {
    weight: 2,
    lines: [
      {
        parts: [
          ['Samsung Galaxy Tab'],
          [
            ['A9', 1],
            ['A9+', 1.4],
            ['S6 Lite', 1.8],
            ['S9 FE', 3.2],
          ],
          [
            ['64GB', 1],
            ['128GB', 1.15],
          ],
          [
            ['Wi-Fi', 1],
            ['LTE', 1.15],
          ],
          ['(Graphite)', '(Silver)', '(Navy)'],
        ],
        kes: [17000, 19000],
      },
      {
        parts: [
          ['Lenovo Tab'],
          [
            ['M8', 1],
            ['M10 Plus', 1.5],
            ['P11', 2.2],
          ],
          [
            ['32GB', 1],
            ['64GB', 1.15],
            ['128GB', 1.3],
          ],
          [
            ['Wi-Fi', 1],
            ['LTE', 1.15],
          ],
          ['(Iron Grey)', '(Platinum Grey)'],
        ],
        kes: [11000, 12500],
      },
      {
        parts: [
          ['Tecno Megapad'],
          [
            ['10', 1],
            ['11', 1.3],
          ],
          ['128GB'],
          [
            ['Wi-Fi', 1],
            ['LTE', 1.1],
          ],
          ['(Grey)', '(Blue)'],
        ],
        kes: [18000, 20000],
      },
      {
        parts: [
          ['Atouch', 'Modio'],
          ['Kids Tablet'],
          [
            ['7-inch', 1],
            ['10-inch', 1.5],
          ],
          [
            ['16GB', 1],
            ['32GB', 1.2],
          ],
          ['(Pink)', '(Blue)', '(Green)'],
        ],
        kes: [4500, 5500],
        about: ['A shockproof kids tablet preloaded with learning apps and parental controls.'],
      },
    ],
    blurbs: [
      'The {name} is great for online classes, Netflix and video calls with family.',
      'Work, learn and play on the big screen of the {name}.',
      'The {name} is a light, capable tablet with a battery that lasts the whole day.',
    ],
    details: [
      'The LTE versions take a SIM card, so you stay online away from Wi-Fi.',
      'Includes a charger and a one-year warranty.',
      'Add a flip cover for extra protection on the go.',
    ],
  },
  'phone-accessories': {
    weight: 5,
    lines: [
      {
        parts: [
          [
            ['Oraimo', 1],
            ['Samsung', 1.8],
            ['Anker', 1.6],
            ['Tecno', 1],
          ],
          [
            ['18W Fast Charger', 1],
            ['25W Super Fast Charger', 1.5],
            ['33W Fast Charger', 1.7],
          ],
          [
            ['USB-C', 1],
            ['Micro-USB', 0.9],
          ],
          ['(Black)', '(White)'],
        ],
        kes: [800, 1000],
      },
      {
        parts: [
          [
            ['Oraimo', 1],
            ['Anker', 1.5],
            ['Xiaomi', 1.2],
            ['Lenovo', 1.1],
          ],
          ['Power Bank'],
          [
            ['10000mAh', 1],
            ['20000mAh', 1.6],
            ['27000mAh', 2.1],
          ],
          ['(Black)', '(White)', '(Blue)'],
        ],
        kes: [1800, 2300],
      },
      {
        parts: [
          [
            ['Oraimo FreePods 4', 1],
            ['Oraimo Riff 2', 0.6],
            ['JBL Tune Buds', 3],
            ['Samsung Galaxy Buds FE', 3.6],
          ],
          ['Wireless Earbuds'],
          ['(Black)', '(White)', '(Blue)'],
        ],
        kes: [2300, 2800],
      },
      {
        parts: [
          [
            ['Silicone', 1],
            ['Leather Flip', 1.6],
            ['Shockproof Clear', 1],
            ['Magnetic Wallet', 1.8],
          ],
          ['Case for'],
          PHONE_MODELS,
          ['(Black)', '(Navy)', '(Wine Red)', '(Olive)'],
        ],
        kes: [350, 550],
      },
      {
        parts: [
          [
            ['Tempered Glass', 1],
            ['Privacy Glass', 1.6],
            ['Full Glue 9D Glass', 1.3],
          ],
          ['Screen Protector for'],
          PHONE_MODELS,
          [
            ['(Single)', 1],
            ['(2-Pack)', 1.7],
          ],
        ],
        kes: [250, 350],
      },
      {
        parts: [
          [
            ['Oraimo', 1],
            ['Anker', 1.6],
            ['Baseus', 1.3],
          ],
          [
            ['USB-C to USB-C', 1.2],
            ['USB-A to USB-C', 1],
            ['Micro-USB', 0.8],
            ['Lightning', 1.3],
          ],
          ['Cable'],
          [
            ['1m', 1],
            ['2m', 1.3],
          ],
          ['(Black)', '(White)'],
        ],
        kes: [350, 500],
      },
    ],
    blurbs: [
      'The {name} is a quality accessory that fits and works just like the original.',
      'Get more out of your phone with the {name}.',
      'Protect and power your phone with the {name}.',
    ],
    details: [
      'Tested for safety, with protection against overcharging and short circuits.',
      'Six-month replacement warranty from the seller.',
      'Compatible with most Samsung, Tecno, Infinix, Xiaomi and iPhone models.',
      'A handy gift for anyone whose phone is always on 5%.',
    ],
  },
  // ---------------------------------------------------------------- Electronics
  televisions: {
    weight: 3,
    lines: [
      {
        parts: [
          [
            ['Samsung', 1.3],
            ['LG', 1.25],
            ['Hisense', 1],
            ['TCL', 1],
            ['Vitron', 0.8],
            ['Skyworth', 0.9],
            ['Syinix', 0.8],
          ],
          [
            ['32-inch', 1],
            ['40-inch', 1.3],
            ['43-inch', 1.5],
          ],
          [
            ['HD Digital TV', 0.85],
            ['Full HD Smart TV', 1],
          ],
          ['', '(Frameless)'],
        ],
        kes: [14000, 16000],
      },
      {
        parts: [
          [
            ['Samsung', 1.3],
            ['LG', 1.25],
            ['Hisense', 1],
            ['TCL', 1],
            ['Vitron', 0.8],
            ['Skyworth', 0.9],
            ['Syinix', 0.8],
          ],
          [
            ['43-inch', 1.6],
            ['50-inch', 2],
            ['55-inch', 2.5],
            ['65-inch', 3.6],
            ['75-inch', 5],
          ],
          [
            ['4K UHD Smart TV', 1],
            ['QLED 4K Smart TV', 1.3],
          ],
          ['', '(Frameless)'],
        ],
        kes: [14000, 16000],
      },
    ],
    blurbs: [
      'The {name} brings cinema-quality picture to your sitting room.',
      'Watch the Premier League, Netflix and YouTube on the {name}.',
      'The {name} has a built-in free-to-air decoder, so no extra box is needed for local channels.',
    ],
    details: [
      'Smart models come with Netflix, YouTube and Showmax apps preinstalled.',
      'Comes with a remote, a table stand and a two-year warranty.',
      'Wall bracket and free installation within Nairobi on request.',
      'Energy-efficient panel that keeps your KPLC token going longer.',
    ],
  },
  'audio-speakers': {
    weight: 2,
    lines: [
      {
        parts: [
          ['JBL'],
          [
            ['Go 3', 1],
            ['Flip 6', 2.4],
            ['Charge 5', 3.3],
            ['PartyBox 110', 8],
          ],
          ['Bluetooth Speaker'],
          ['(Black)', '(Blue)', '(Red)', '(Camo)'],
        ],
        kes: [4500, 5500],
      },
      {
        parts: [
          [
            ['Sayona', 1],
            ['Vitron', 1],
            ['Ailyons', 0.9],
            ['Sony', 2.2],
            ['LG', 2],
          ],
          [
            ['2.1 Channel', 1],
            ['3.1 Channel', 1.4],
            ['5.1 Channel', 2],
          ],
          ['Subwoofer System'],
          [
            ['5000W PMPO', 1],
            ['10000W PMPO', 1.3],
          ],
        ],
        kes: [4500, 6000],
      },
      {
        parts: [
          [
            ['Samsung', 1.2],
            ['LG', 1.2],
            ['Hisense', 1],
            ['TCL', 1],
          ],
          [
            ['2.0 Channel', 1],
            ['2.1 Channel', 1.5],
            ['3.1 Channel', 2.3],
          ],
          ['Soundbar'],
          [
            ['80W', 1],
            ['160W', 1.3],
            ['300W', 1.8],
          ],
        ],
        kes: [7000, 9000],
      },
      {
        parts: [
          [
            ['Sayona', 1],
            ['Philips', 1.4],
            ['Sony', 1.6],
            ['Vitron', 0.9],
          ],
          [
            ['Portable FM Radio', 1],
            ['Rechargeable Solar Radio', 1.6],
            ['Bluetooth Radio with USB', 1.3],
          ],
          ['(Black)', '(Silver)', '(Red)'],
        ],
        kes: [900, 1300],
        blurbs: [
          'The {name} is a dependable radio for the kitchen, the duka or the shamba.',
          'Never miss the news or a match commentary on the {name}, even during a blackout.',
        ],
        details: [
          'Runs on batteries or mains, and the solar models charge in the sun.',
          'Clear FM reception, even upcountry.',
        ],
      },
    ],
    blurbs: [
      'The {name} delivers deep bass and clear sound for every sherehe.',
      'Turn up the music with the {name}.',
      'Loud, clear and built to last, the {name} is great value.',
    ],
    details: [
      'Connect by Bluetooth, USB, memory card or AUX cable.',
      'Comes with a one-year warranty and a remote control where applicable.',
      'Pairs easily with your phone or TV in seconds.',
    ],
  },
  'laptops-computers': {
    weight: 2,
    lines: [
      {
        parts: [
          ['HP'],
          [
            ['250 G9', 1],
            ['Pavilion 15', 1.4],
            ['ProBook 450 G10', 1.5],
            ['EliteBook 840 G7 (Refurbished)', 0.95],
          ],
          [
            ['Core i3', 1],
            ['Core i5', 1.3],
            ['Core i7', 1.7],
          ],
          [
            ['8GB RAM 256GB SSD', 1],
            ['16GB RAM 512GB SSD', 1.3],
          ],
        ],
        kes: [40000, 46000],
      },
      {
        parts: [
          ['Lenovo'],
          [
            ['IdeaPad 1', 0.9],
            ['IdeaPad Slim 3', 1.1],
            ['ThinkPad E14', 1.4],
            ['ThinkPad T480 (Refurbished)', 0.75],
          ],
          [
            ['Core i3', 1],
            ['Core i5', 1.3],
            ['Core i7', 1.7],
          ],
          [
            ['8GB RAM 256GB SSD', 1],
            ['16GB RAM 512GB SSD', 1.3],
          ],
        ],
        kes: [40000, 46000],
      },
      {
        parts: [
          ['Dell'],
          [
            ['Inspiron 15 3520', 1],
            ['Vostro 3520', 1.05],
            ['Latitude 5420 (Refurbished)', 0.8],
          ],
          [
            ['Core i3', 1],
            ['Core i5', 1.3],
            ['Core i7', 1.7],
          ],
          [
            ['8GB RAM 256GB SSD', 1],
            ['16GB RAM 512GB SSD', 1.3],
          ],
        ],
        kes: [40000, 46000],
      },
      {
        parts: [
          [
            ['Logitech', 1.2],
            ['HP', 1],
            ['Dell', 1.1],
          ],
          [
            ['Wireless Mouse', 1],
            ['Wired Keyboard', 1.1],
            ['Wireless Keyboard and Mouse Combo', 2.8],
            ['Laptop Backpack 15.6-inch', 2.5],
          ],
          ['(Black)', '(Grey)'],
        ],
        kes: [900, 1200],
        blurbs: [
          'The {name} is a reliable everyday accessory for work and school.',
          'Make your desk setup more comfortable with the {name}.',
        ],
        details: ['Plug and play on Windows, Mac and Chromebooks.', 'Six-month replacement warranty from the seller.'],
      },
      {
        parts: [
          ['SanDisk', 'Kingston', 'Transcend'],
          [
            ['Flash Drive', 1],
            ['MicroSD Card', 1.05],
          ],
          [
            ['32GB', 1],
            ['64GB', 1.4],
            ['128GB', 2.1],
          ],
        ],
        kes: [600, 800],
        blurbs: [
          'Carry your notes, photos and assignments everywhere with the {name}.',
          '{name}, genuine and full capacity.',
        ],
        details: [
          'Genuine stock with the capacity as labelled, not a fake.',
          'Works with laptops, TVs, cameras and phones.',
        ],
      },
    ],
    blurbs: [
      'The {name} handles schoolwork, office tasks and Zoom calls with ease.',
      'Work from anywhere with the {name}.',
      'The {name} is a reliable machine for students, freelancers and small businesses.',
    ],
    details: [
      'Laptops ship with Windows activated and a charger; refurbished units carry a six-month warranty.',
      'Every unit is tested by our technicians before dispatch.',
      'Free laptop sleeve with every computer this month.',
    ],
  },
  'solar-power': {
    weight: 2,
    lines: [
      {
        parts: [
          ['Sun King', 'd.light'],
          [
            ['Home 60', 1],
            ['Home 120', 1.6],
            ['Home 400 with TV', 3.2],
          ],
          ['Solar Home System'],
          [
            ['', 1],
            ['with Radio', 1.15],
          ],
        ],
        kes: [7000, 9000],
        about: ['Lights for the whole house, phone charging and a radio, powered free by the sun.'],
      },
      {
        parts: [
          ['Jinko', 'Solarmax', 'Longi', 'Felicity'],
          ['Monocrystalline Solar Panel'],
          [
            ['100W', 1],
            ['150W', 1.4],
            ['200W', 1.8],
            ['300W', 2.6],
            ['450W', 3.6],
          ],
        ],
        kes: [5000, 6500],
      },
      {
        parts: [
          ['Felicity', 'Luminous', 'Mecer'],
          [
            ['Inverter 1kVA', 1],
            ['Inverter 3kVA', 2.4],
            ['Solar Gel Battery 100Ah', 0.9],
            ['Solar Gel Battery 200Ah', 1.7],
            ['Charge Controller 30A', 0.25],
          ],
        ],
        kes: [15000, 20000],
      },
      {
        parts: [
          ['Sun King', 'd.light'],
          [
            ['Pico Solar Lantern', 1],
            ['Boom Solar Lantern and Radio', 3],
            ['Solar Torch', 0.7],
          ],
          [
            ['(Single)', 1],
            ['(2-Pack)', 1.85],
          ],
        ],
        kes: [800, 1100],
      },
    ],
    blurbs: [
      'Beat blackouts and high bills with the {name}.',
      'The {name} turns Kenyan sunshine into reliable power for your home or shop.',
      'Clean, quiet power from the {name}, no fuel and no noise.',
    ],
    details: [
      'Installation can be arranged in most towns for an extra fee.',
      'Built for African conditions, with dust and heat protection.',
      'Available on pay-as-you-go through M-Pesa at selected shops.',
      'Comes with a two-year warranty on panels and electronics.',
    ],
  },
  // ---------------------------------------------------------------- Fashion
  'kitenge-african-prints': {
    weight: 5,
    lines: [
      {
        parts: [
          [
            ['Pure Cotton', 1],
            ['Wax Print', 1.15],
            ['Ankara', 1],
            ['Hand-Dyed', 1.25],
          ],
          ['Kitenge'],
          [
            ['Maxi Dress', 1.3],
            ['Midi Dress', 1.1],
            ['Wrap Dress', 1.2],
            ['Shift Dress', 1],
            ['A-Line Dress', 1.05],
            ['Off-Shoulder Dress', 1.15],
          ],
          ADULT_SIZES,
        ],
        kes: [1300, 2400],
        about: ['Cut and sewn by local fundis from bright, breathable wax-print cotton.'],
      },
      {
        parts: [
          ["Men's"],
          ['Kitenge', 'Ankara Print'],
          [
            ['Short-Sleeve Shirt', 1],
            ['Long-Sleeve Shirt', 1.2],
            ['Dashiki', 0.9],
            ['Bomber Jacket', 1.8],
          ],
          ADULT_SIZES,
        ],
        kes: [1300, 1800],
      },
      {
        parts: [
          [
            ['Wax Print', 1],
            ['Super Wax Print', 1.4],
            ['Java Print', 0.8],
            ['Cotton Kitenge', 0.9],
          ],
          ['Fabric'],
          [
            ['3 Yards', 0.55],
            ['6 Yards', 1],
            ['12 Yards', 1.9],
          ],
          PRINTS,
        ],
        kes: [1800, 2400],
        blurbs: [
          '{name}, bright wax print ready for your fundi.',
          'Take the {name} to your fundi and make anything from a dress to a matching family outfit.',
        ],
        details: [
          'Colour-fast cotton that keeps its brightness wash after wash.',
          'Each bale is printed slightly differently, so every piece is unique.',
        ],
      },
      {
        parts: [
          ['Kitenge', 'Ankara'],
          [
            ['Pencil Skirt', 1],
            ['Flared Skirt', 1.1],
            ['Head Wrap (Dhuku)', 0.35],
            ['Tote Bag', 0.6],
            ['Bucket Hat', 0.4],
          ],
          PRINTS,
        ],
        kes: [1500, 2100],
      },
    ],
    blurbs: [
      'The {name} is bold, colourful and made for weddings, church and Friday dress-down.',
      'Stand out in the {name}, a proudly Kenyan African print.',
      'The {name} pairs vibrant kitenge colours with a flattering modern cut.',
    ],
    details: [
      'The fabric is 100% cotton wax print that keeps its colour wash after wash.',
      'Hand wash in cold water and iron inside out to keep the print bright.',
      'Each piece is slightly unique because every bale of kitenge is printed differently.',
      'Check the size chart in the photos; our fundis can adjust the fit on request.',
    ],
  },
  'kikoy-shukas': {
    weight: 3,
    lines: [
      {
        parts: [
          ['Kikoy'],
          [
            ['Beach Towel', 1],
            ['Sarong', 0.9],
            ['Throw Blanket', 1.6],
            ['Table Runner', 0.6],
            ['Cushion Cover', 0.45],
            ['Beach Bag', 0.9],
            ["Men's Shorts", 0.8],
          ],
          ['(Striped Blue)', '(Red and Gold)', '(Ocean Green)', '(Sunset Orange)', '(Natural Cream)'],
        ],
        kes: [1100, 1400],
      },
      {
        parts: [
          [
            ['Single', 1],
            ['Double', 1.7],
            ['Fleece-Lined', 2.2],
          ],
          ['Maasai Shuka'],
          ['(Red Check)', '(Blue Check)', '(Red and Black)', '(Purple Check)', '(Orange)'],
        ],
        kes: [700, 900],
        about: ['The classic red shuka: warm on a cold Nairobi evening and perfect for a picnic or safari.'],
      },
      {
        parts: [
          ['Kanga'],
          ['Pwani Print', 'Classic Border', 'Swahili Proverb', 'Floral'],
          [
            ['Doti Pair', 1],
            ['Single Piece', 0.55],
          ],
          ['(Blue)', '(Yellow)', '(Green)', '(Red)'],
        ],
        kes: [800, 1100],
        about: ['Every kanga carries a Swahili saying (jina) printed along the border.'],
      },
      {
        parts: [
          ['Lamu Kikoy'],
          [
            ['Linen Shirt', 1],
            ['Kaftan', 1.3],
            ['Wrap Skirt', 0.8],
          ],
          ['(Indigo)', '(Sand)', '(Coral)'],
          ADULT_SIZES,
        ],
        kes: [1800, 2400],
      },
    ],
    blurbs: [
      'The {name} is hand-woven cotton from the Coast, soft and quick to dry.',
      'Bring the Swahili coast home with the {name}.',
      'The {name} is light, colourful and endlessly useful, from the beach to the sofa.',
    ],
    details: [
      'Woven on traditional looms and finished with hand-knotted tassels.',
      'Gets softer with every wash.',
      'A thoughtful gift for visitors and friends in the diaspora.',
    ],
  },
  'mens-fashion': {
    weight: 3,
    lines: [
      {
        parts: [
          ['White', 'Sky Blue', 'Navy', 'Khaki', 'Maroon'],
          ['Cotton', 'Slim Fit', 'Linen', 'Oxford'],
          [
            ['Casual Shirt', 1],
            ['Official Shirt', 1.1],
            ['Polo T-Shirt', 0.75],
            ['Chino Trousers', 1.3],
          ],
          ['(M)', '(L)', '(XL)'],
        ],
        kes: [900, 1300],
      },
      {
        parts: [
          ['Charcoal', 'Navy', 'Black', 'Grey'],
          [
            ['Two-Piece', 1],
            ['Three-Piece', 1.3],
          ],
          [
            ['Slim Fit Suit', 1],
            ['Classic Fit Suit', 1],
            ['Kaunda Suit', 0.7],
          ],
          ['(Size 38)', '(Size 40)', '(Size 42)', '(Size 44)'],
        ],
        kes: [6500, 9000],
      },
      {
        parts: [
          ['Dark Blue', 'Light Wash', 'Black', 'Stone Wash'],
          [
            ['Slim Fit Jeans', 1],
            ['Straight Cut Jeans', 1],
            ['Cargo Jeans', 1.15],
          ],
          ['(Waist 30)', '(Waist 32)', '(Waist 34)', '(Waist 36)'],
        ],
        kes: [1500, 2000],
      },
    ],
    blurbs: [
      'The {name} is a smart, comfortable piece for the office and the weekend.',
      'Look sharp in the {name}.',
      'The {name} is well tailored from quality fabric at a fair price.',
    ],
    details: [
      'Machine washable and easy to iron.',
      'Runs true to size; check the size guide in the photos.',
      'Free exchange within 7 days if the size is not right.',
    ],
  },
  'womens-fashion': {
    weight: 3,
    lines: [
      {
        parts: [
          ['Black', 'Emerald', 'Mustard', 'Blush Pink', 'Navy', 'Wine'],
          [
            ['Bodycon Dress', 1],
            ['Palazzo Pants', 0.9],
            ['Chiffon Blouse', 0.7],
            ['Pleated Midi Skirt', 0.85],
            ['Jumpsuit', 1.2],
            ['Blazer', 1.5],
          ],
          ['(S)', '(M)', '(L)', '(XL)'],
        ],
        kes: [1200, 1700],
      },
      {
        parts: [
          [
            ['Leather', 1.5],
            ['Faux Leather', 1],
            ['Sisal Kiondo', 0.9],
            ['Beaded Maasai', 1.1],
          ],
          [
            ['Handbag', 1],
            ['Tote Bag', 0.9],
            ['Clutch', 0.6],
            ['Crossbody Bag', 0.8],
          ],
          ['(Black)', '(Tan)', '(Brown)', '(Multicolour)'],
        ],
        kes: [1500, 2500],
        details: [
          'Strong stitching and a lined interior with a zip pocket.',
          'Roomy enough for a phone, a purse and a small umbrella.',
        ],
      },
      {
        parts: [
          ['Maasai Beaded', 'Brass', 'Recycled Glass'],
          [
            ['Necklace', 1],
            ['Earrings', 0.6],
            ['Bracelet', 0.5],
            ['Choker', 0.8],
          ],
          ['(Red)', '(Blue)', '(Rainbow)', '(Gold Tone)'],
        ],
        kes: [500, 900],
        about: ['Handmade by women artisans using beads, brass and recycled glass.'],
        details: ['Lightweight and hypoallergenic.', 'Comes in a gift pouch, ready to give.'],
      },
    ],
    blurbs: [
      'The {name} is elegant, comfortable and easy to style for any occasion.',
      'Turn heads in the {name}.',
      'The {name} is a wardrobe favourite that goes from the office to dinner.',
    ],
    details: [
      'Quality stitching and fabric that holds its shape.',
      'Hand wash recommended for the first few washes.',
      'Model is 5 ft 7 and wears size M.',
    ],
  },
  shoes: {
    weight: 4,
    lines: [
      {
        parts: [
          ['Bata', 'North Star', 'Power'],
          [
            ['Canvas Sneakers', 1],
            ['School Shoes', 1.1],
            ['Leather Loafers', 1.9],
            ['Safari Boots', 2.2],
            ['Sandals', 0.6],
            ['Gumboots', 0.9],
          ],
          SHOE_SIZES,
        ],
        kes: [1200, 1700],
      },
      {
        parts: [
          ["Men's", "Women's"],
          [
            ['Akala Tyre Sandals', 0.5],
            ['Maasai Beaded Sandals', 1],
            ['Leather Sandals', 1.1],
          ],
          SHOE_SIZES,
        ],
        kes: [900, 1200],
        about: ['Made by hand in Nairobi; akala soles are cut from recycled tyres and practically indestructible.'],
      },
      {
        parts: [
          ['Black', 'Nude', 'Red', 'Tan'],
          [
            ['Block Heel', 1.1],
            ['Stiletto', 1.2],
            ['Wedge', 1],
            ['Ballet Flat', 0.75],
          ],
          ['Shoes'],
          LADIES_SHOE_SIZES,
        ],
        kes: [1500, 2200],
      },
    ],
    blurbs: [
      'The {name} is comfortable, durable and made for Kenyan roads.',
      'Step out in style with the {name}.',
      'The {name} offers all-day comfort at a fair price.',
    ],
    details: [
      'Cushioned insole and a strong, non-slip sole.',
      'If unsure, order one size up; exchanges are free within 7 days.',
      'Wipe clean with a damp cloth; polish leather regularly.',
    ],
  },
  // ---------------------------------------------------------------- Home & Kitchen
  'sufuria-cookware': {
    weight: 4,
    lines: [
      {
        parts: [
          [
            ['Heavy Aluminium', 1],
            ['Stainless Steel', 1.6],
            ['Non-Stick', 1.4],
          ],
          ['Sufuria Set of'],
          [
            ['3', 0.65],
            ['5', 1],
            ['7', 1.35],
          ],
          [
            ['', 1],
            ['with Lids', 1.2],
          ],
        ],
        kes: [1800, 2400],
      },
      {
        parts: [
          [
            ['Heavy Aluminium', 1],
            ['Kamukunji Handmade', 0.9],
            ['Stainless Steel', 1.5],
          ],
          ['Sufuria'],
          [
            ['No. 14', 0.6],
            ['No. 16', 0.75],
            ['No. 18', 0.9],
            ['No. 20', 1],
            ['No. 24', 1.3],
            ['No. 30', 1.8],
          ],
        ],
        kes: [450, 650],
        about: ['A proper sufuria for ugali, pilau and githeri, heavy enough not to burn the food.'],
      },
      {
        parts: [
          [
            ['Ramtons', 1],
            ['Prestige', 1.2],
            ['Sonar', 0.8],
            ['Nunix', 0.8],
          ],
          [
            ['Non-Stick Frying Pan', 1],
            ['Pressure Cooker', 2.5],
            ['Cookware Set 8-Piece', 4.5],
            ['Chapati Pan', 0.8],
            ['Cast Iron Karai', 1.4],
          ],
          ['(Black)', '(Red)', '(Grey)'],
        ],
        kes: [1200, 1600],
      },
      {
        parts: [
          ['Kenpoly', 'Sonar', 'Nunix'],
          [
            ['Insulated Hotpot Set of 3', 1],
            ['Insulated Hotpot 2.5L', 0.45],
            ['Vacuum Flask 1L', 0.45],
            ['Vacuum Flask 1.8L', 0.6],
            ['Vacuum Flask 3.2L', 0.8],
          ],
          ['(Red)', '(Blue)', '(Floral)', '(Silver)'],
        ],
        kes: [1600, 2000],
        blurbs: [
          'The {name} keeps chai hot and chapati warm for hours.',
          'Serve visitors hot chai and warm food with the {name}.',
        ],
        details: ['Double-walled insulation with a tight-fitting lid.', 'Easy to wash; do not put it in a microwave.'],
      },
    ],
    blurbs: [
      'The {name} is strong, evenly heating and built for everyday Kenyan cooking.',
      'Cook ugali, rice and stew with confidence in the {name}.',
      'The {name} is a kitchen workhorse that will last for years.',
    ],
    details: [
      'Works on gas, charcoal jiko and electric cookers.',
      'Easy to clean and quick to dry.',
      'Thick base that does not dent easily.',
      'A perfect harusi or house-warming gift.',
    ],
  },
  'jiko-cooking-stoves': {
    weight: 3,
    lines: [
      {
        parts: [
          [
            ['Jiko Koa', 1.4],
            ['Envirofit', 1.2],
            ['Jiko Poa', 1],
            ['Kenya Ceramic Jiko', 0.4],
          ],
          [
            ['', 1],
            ['Large', 1.25],
            ['Mini', 0.75],
          ],
          ['Charcoal Stove'],
          [
            ['', 1],
            ['with Cooking Pot', 1.5],
          ],
        ],
        kes: [3000, 3600],
        about: ['Uses up to half the charcoal of an ordinary jiko and produces far less smoke.'],
      },
      {
        parts: [
          [
            ['Ramtons', 1],
            ['Mika', 0.95],
            ['Von Hotpoint', 1.1],
            ['Sayona', 0.9],
            ['Nunix', 0.85],
          ],
          [
            ['Single-Burner Gas Stove', 0.45],
            ['2-Burner Gas Cooker', 1],
            ['3-Burner Gas Cooker', 1.5],
            ['Tabletop Gas and Electric Cooker', 1.9],
          ],
          ['(Stainless Steel)', '(Black Glass)'],
        ],
        kes: [3500, 4500],
      },
      {
        parts: [
          [
            ['Ramtons', 1],
            ['Mika', 0.95],
            ['Von Hotpoint', 1.1],
            ['Hisense', 1.05],
          ],
          [
            ['50x50', 1],
            ['60x60', 1.2],
            ['90x60', 1.8],
          ],
          ['Standing Cooker'],
          [
            ['3 Gas + 1 Electric', 1],
            ['4 Gas', 0.95],
            ['4 Gas with Electric Oven', 1.2],
          ],
        ],
        kes: [22000, 26000],
      },
      {
        parts: [
          ['K-Gas', 'TotalEnergies', 'Pro Gas', 'Hashi Energy'],
          [
            ['6kg Gas Cylinder with Grill', 1],
            ['13kg Gas Cylinder (Full)', 2.2],
            ['6kg Gas Refill', 0.38],
            ['13kg Gas Refill', 0.85],
          ],
        ],
        kes: [3300, 3800],
        details: [
          'Sealed and weighed at the depot, with an unbroken safety seal.',
          'Refill prices apply when you exchange an empty cylinder of the same brand.',
        ],
      },
      {
        parts: [
          ['Tiger', 'Butterfly'],
          [
            ['Kerosene Pressure Stove', 1],
            ['Wick Kerosene Stove', 0.7],
          ],
        ],
        kes: [1500, 1900],
      },
    ],
    blurbs: [
      'Cook faster and cleaner with the {name}.',
      'The {name} is safe, efficient and easy to use every day.',
      'Save money on fuel with the {name}.',
    ],
    details: [
      'Sturdy pot supports hold a full sufuria of githeri without wobbling.',
      'Gas cookers come with a regulator and a one-year warranty; hose sold separately.',
      'Always cook in a well-ventilated kitchen.',
      'Free delivery within 10 km of the shop.',
    ],
  },
  'fridges-freezers': {
    weight: 2,
    lines: [
      {
        parts: [
          [
            ['Ramtons', 0.9],
            ['Mika', 0.85],
            ['Hisense', 1],
            ['Samsung', 1.35],
            ['LG', 1.3],
            ['Bruhm', 0.95],
            ['Von Hotpoint', 0.9],
          ],
          [
            ['Single Door Fridge 92L', 0.9],
            ['Double Door Fridge 138L', 1],
            ['Double Door Fridge 205L', 1.25],
            ['Frost-Free Fridge 260L', 1.5],
            ['Chest Freezer 150L', 1],
            ['Chest Freezer 300L', 1.4],
            ['Side-by-Side Fridge 500L', 1.85],
          ],
          ['(Silver)', '(Black)', '(Inox)'],
        ],
        kes: [33000, 36000],
      },
    ],
    blurbs: [
      'Keep milk, sukuma and leftovers fresh for longer with the {name}.',
      'The {name} is spacious, quiet and energy-saving.',
      'The {name} is built to cope with Kenyan power fluctuations.',
    ],
    details: [
      'Includes a voltage guard for protection against power surges.',
      'Low energy use, so it will not finish your tokens.',
      'Free delivery and installation in major towns; two-year compressor warranty.',
      'Chest freezers are ideal for butcheries, shops and big families.',
    ],
  },
  'small-kitchen-appliances': {
    weight: 3,
    lines: [
      {
        parts: [
          [
            ['Ramtons', 1],
            ['Mika', 0.95],
            ['Nunix', 0.8],
            ['Sayona', 0.85],
            ['Philips', 1.5],
            ['Von Hotpoint', 1.1],
            ['Armco', 0.95],
          ],
          [
            ['Electric Kettle 1.7L', 1],
            ['Blender 1.5L', 1.9],
            ['Toaster 2-Slice', 1.4],
            ['Microwave 20L', 5.5],
            ['Water Dispenser (Hot and Cold)', 7],
            ['Sandwich Maker', 1.3],
            ['Rice Cooker 1.8L', 2],
            ['Air Fryer 4L', 4.8],
            ['Juicer', 2.6],
            ['Electric Hotplate (Double)', 1.6],
            ['Dry Iron', 0.8],
          ],
          ['(White)', '(Black)', '(Silver)', '(Red)'],
        ],
        kes: [1000, 1400],
      },
    ],
    blurbs: [
      'The {name} makes everyday cooking quicker and easier.',
      'Save time in the kitchen with the {name}.',
      'The {name} is compact, easy to clean and built to last.',
    ],
    details: [
      'Comes with a UK three-pin plug and a one-year warranty.',
      'Ideal for small kitchens, hostels and bedsitters.',
      'Automatic shut-off and overheat protection for safety.',
    ],
  },
  'bedding-home-decor': {
    weight: 2,
    lines: [
      {
        parts: [
          [
            ['Cotton', 1.2],
            ['Polycotton', 1],
            ['Satin', 1.3],
          ],
          [
            ['Bedsheet Set', 1],
            ['Duvet Cover Set', 1.6],
            ['Heavy Duvet', 2.4],
            ['Fleece Blanket', 1.3],
          ],
          [
            ['4x6', 0.85],
            ['5x6', 1],
            ['6x6', 1.15],
          ],
          ['(Grey)', '(Floral)', '(Navy Stripe)', '(Cream)', '(Maroon)'],
        ],
        kes: [1300, 1800],
      },
      {
        parts: [
          ['Rectangular', 'Round', 'Sliding Rail'],
          ['Mosquito Net'],
          [
            ['4x6', 0.9],
            ['5x6', 1],
            ['6x6', 1.1],
          ],
          ['(White)', '(Blue)', '(Pink)'],
        ],
        kes: [800, 1100],
      },
      {
        parts: [
          ['Blackout', 'Sheer', 'Linen-Look'],
          ['Curtains'],
          [
            ['1 Pair', 1],
            ['2 Pairs', 1.85],
          ],
          ['(Grey)', '(Beige)', '(Teal)', '(Wine)'],
        ],
        kes: [1800, 2400],
        details: ['Ring tops that fit standard curtain rods.', 'Machine washable; colours do not run.'],
      },
      {
        parts: [
          ['Kiondo Sisal', 'Woven Palm', 'Banana Fibre'],
          [
            ['Storage Basket', 1],
            ['Wall Basket Set', 1.6],
            ['Laundry Basket', 1.3],
            ['Table Mat Set of 6', 0.6],
          ],
          ['(Natural)', '(Multicolour)', '(Black and Natural)'],
        ],
        kes: [1000, 1500],
        about: ['Woven by hand by women groups in Kitui and on the Coast.'],
        details: [
          'Each piece is unique, with small variations in weave and colour.',
          'Fair trade: the weavers are paid for every piece.',
        ],
      },
    ],
    blurbs: [
      'Make your home cosy and beautiful with the {name}.',
      'The {name} is soft, durable and easy to care for.',
      'The {name} adds warmth and colour to any room.',
    ],
    details: [
      'Sizes follow Kenyan bed sizes: 4x6, 5x6 and 6x6.',
      'Machine washable; colours do not run.',
      'Pairs well with our matching curtains and cushion covers.',
    ],
  },
  // ---------------------------------------------------------------- Groceries
  'unga-flour': {
    weight: 4,
    lines: [
      {
        parts: [
          ['Jogoo', 'Pembe', 'Hostess', 'Ndovu', 'Jimbi', 'Dola', 'Raha'],
          [
            ['Maize Flour', 1],
            ['Sifted Maize Meal', 1.05],
            ['Whole Maize Meal', 0.9],
          ],
          [
            ['1kg', 0.55],
            ['2kg', 1],
            ['5kg', 2.3],
          ],
          RETAIL_PACKS,
        ],
        kes: [150, 210],
        about: ['Fine, white and fresh: the unga for soft, firm ugali every time.'],
      },
      {
        parts: [
          ['Exe', 'Ajab', 'Pembe', 'Jogoo', 'Dola'],
          [
            ['Home Baking Flour', 1],
            ['All-Purpose Wheat Flour', 1],
            ['Chapati Flour', 1.05],
            ['Self-Raising Flour', 1.1],
            ['Atta Mark 1', 1.2],
          ],
          [
            ['1kg', 0.55],
            ['2kg', 1],
          ],
          RETAIL_PACKS,
        ],
        kes: [180, 230],
        about: ['Makes soft, layered chapatis and fluffy mandazi.'],
      },
      {
        parts: [
          ['Mwimbi', 'Nyota', 'Shamba Gold'],
          [
            ['Millet Flour', 1.2],
            ['Sorghum Flour', 1.1],
            ['Wimbi Porridge Flour', 1.3],
            ['Mixed Uji Flour', 1],
          ],
          [
            ['500g', 0.55],
            ['1kg', 1],
          ],
        ],
        kes: [180, 230],
        about: ['Nutritious uji for the whole family, rich in fibre and iron.'],
      },
    ],
    blurbs: [
      '{name}, milled from carefully selected Kenyan grain.',
      'The {name} is a kitchen staple for every Kenyan home.',
      'Stock up on {name} at a better price than the supermarket.',
    ],
    details: [
      'Fortified with vitamins and minerals as required by KEBS.',
      'Store in a cool, dry place away from moisture.',
      'Bales are ideal for shops, schools and big families.',
      'Fresh stock with a long expiry date.',
    ],
  },
  'rice-grains': {
    weight: 3,
    lines: [
      {
        parts: [
          [
            ['Mwea Pishori', 1],
            ['Daawat Basmati', 1.4],
            ['Sunrice', 0.8],
            ['Tilda Basmati', 1.6],
            ['Pearl Pishori', 0.95],
            ['Ahadi Sindano', 0.8],
          ],
          [
            ['', 1],
            ['Premium', 1.1],
          ],
          ['Rice'],
          [
            ['1kg', 1],
            ['2kg', 1.9],
            ['5kg', 4.5],
            ['10kg', 8.5],
            ['25kg', 20],
          ],
        ],
        kes: [200, 260],
        about: ['Long, aromatic grains that cook up fluffy: perfect for pilau and biryani.'],
      },
      {
        parts: [
          ['Shamba Fresh', 'Mavuno', 'Nyota'],
          [
            ['Rosecoco Beans', 1],
            ['Nyayo Beans', 0.95],
            ['Njahi (Black Beans)', 1.3],
            ['Green Grams (Ndengu)', 1.2],
            ['Yellow Beans', 1.1],
            ['Lentils (Kamande)', 1.4],
            ['Cowpeas (Kunde)', 1],
          ],
          [
            ['1kg', 1],
            ['2kg', 1.9],
            ['5kg', 4.6],
          ],
        ],
        kes: [180, 230],
        about: ['Clean, sorted and stone-free, ready for githeri, stew or mukimo.'],
      },
    ],
    blurbs: [
      '{name}, sorted and packed fresh.',
      'The {name} is a pantry essential for everyday meals.',
      'Quality {name} at a fair price.',
    ],
    details: [
      'Sourced from farmers in Mwea, Kirinyaga and across the country.',
      'Store in an airtight container after opening.',
      'Bulk packs save you more for schools and hotels.',
    ],
  },
  'tea-coffee': {
    weight: 3,
    lines: [
      {
        parts: [
          [
            ['Ketepa Pride', 1],
            ['Kericho Gold', 1.15],
            ['Fahari ya Kenya', 0.9],
            ['Safari Pure', 0.95],
            ['Sasini', 1.05],
          ],
          ['Tea'],
          [
            ['250g', 0.55],
            ['500g', 1],
            ['1kg', 1.9],
          ],
        ],
        kes: [250, 320],
        about: ['Strong, bright Kenyan black tea grown on the highlands east and west of the Rift.'],
      },
      {
        parts: [
          [
            ['Ketepa Pride', 1],
            ['Kericho Gold', 1.15],
            ['Fahari ya Kenya', 0.9],
            ['Safari Pure', 0.95],
            ['Sasini', 1.05],
          ],
          [
            ['', 1],
            ['Masala', 1.3],
            ['Ginger', 1.3],
            ['Green', 1.5],
          ],
          ['Tea Bags'],
          [
            ['50s', 0.6],
            ['100s', 1],
          ],
        ],
        kes: [220, 280],
      },
      {
        parts: [
          [
            ['Dormans', 1],
            ['Java House', 1.3],
            ['Kahawa Bora', 0.85],
            ['Nescafe Classic', 0.9],
          ],
          [
            ['Ground Coffee', 1],
            ['Whole Bean Coffee', 1.1],
            ['Instant Coffee', 0.8],
          ],
          [
            ['250g', 1],
            ['500g', 1.9],
          ],
        ],
        kes: [600, 800],
        about: ['Rich Kenyan Arabica with notes of blackcurrant, grown on volcanic soils around Mt Kenya.'],
        details: [
          'Brew in a French press, a moka pot or a simple sufuria.',
          'Packed in a valve bag to lock in the aroma.',
        ],
      },
    ],
    blurbs: [
      'Start your day right with {name}.',
      'The {name} brews a rich, full-bodied cup.',
      '{name}, proudly grown and packed in Kenya.',
    ],
    details: [
      'Makes a perfect cup of chai with milk and sugar.',
      'Packed in a foil-lined pack to lock in freshness.',
      'A great gift for friends and family abroad.',
    ],
  },
  'cooking-oil': {
    weight: 3,
    lines: [
      {
        parts: [
          [
            ['Elianto', 1.15],
            ['Fresh Fri', 1],
            ['Golden Fry', 0.95],
            ['Rina', 0.95],
            ['Salit', 0.9],
            ['Popco', 0.9],
          ],
          [
            ['Vegetable Oil', 1],
            ['Sunflower Oil', 1.25],
            ['Corn Oil', 1.35],
          ],
          [
            ['1L', 1],
            ['2L', 1.95],
            ['3L', 2.85],
            ['5L', 4.6],
            ['10L', 9],
            ['20L', 17.5],
          ],
        ],
        kes: [300, 360],
      },
      {
        parts: [
          ['Kasuku', 'Kimbo', 'Chipsy', 'Cowboy'],
          ['Cooking Fat'],
          [
            ['500g', 0.5],
            ['1kg', 1],
            ['2kg', 1.95],
            ['5kg', 4.7],
            ['10kg', 9.2],
          ],
        ],
        kes: [330, 380],
        blurbs: ['{name}, for tasty chapati, mandazi and chips.', 'The {name} gives food a rich, golden taste.'],
        details: ['The big tins are popular with hotels, bakeries and chips vendors.', 'Store in a cool place.'],
      },
      {
        parts: [
          [
            ['Blue Band Original', 1],
            ['Blue Band Lishe', 0.9],
            ['Prestige', 0.95],
          ],
          ['Margarine'],
          [
            ['250g', 0.5],
            ['500g', 1],
            ['1kg', 1.85],
          ],
        ],
        kes: [250, 300],
        blurbs: [
          'Spread {name} on fresh bread for the perfect breakfast with chai.',
          'The {name} is enriched with vitamins A and D.',
        ],
        details: ['Keep refrigerated after opening.', 'Great for baking cakes and mandazi too.'],
      },
    ],
    blurbs: [
      '{name} for light, crispy frying every time.',
      'The {name} is cholesterol-free and fortified with vitamins A and D.',
      'Cook healthier meals with {name}.',
    ],
    details: [
      'Jerrycans of 10L and 20L are popular with hotels and chips vendors.',
      'Store away from direct sunlight.',
      'Fresh stock straight from the distributor.',
    ],
  },
  'sugar-salt-spices': {
    weight: 2,
    lines: [
      {
        parts: [
          ['Mumias', 'Kabras', 'Sony', 'Nzoia', 'Butali'],
          [
            ['White Sugar', 1],
            ['Brown Sugar', 1.05],
          ],
          [
            ['1kg', 1],
            ['2kg', 1.95],
            ['5kg', 4.7],
            ['25kg', 22],
          ],
        ],
        kes: [170, 210],
      },
      {
        parts: [
          ['Kensalt', 'Kay Salt', 'Cerebos'],
          [
            ['Iodised Table Salt', 1],
            ['Coarse Salt', 0.9],
          ],
          [
            ['500g', 0.6],
            ['1kg', 1],
            ['2kg', 1.9],
          ],
        ],
        kes: [45, 60],
      },
      {
        parts: [
          ['Royco', 'Tropical Heat', 'Simba Mbili', 'Raha'],
          [
            ['Mchuzi Mix', 1],
            ['Pilau Masala', 1.1],
            ['Curry Powder', 1],
            ['Chilli Powder', 0.9],
            ['Tangawizi (Ginger) Powder', 1.2],
            ['Dhania (Coriander) Powder', 0.9],
          ],
          [
            ['50g', 0.5],
            ['100g', 1],
            ['200g', 1.8],
          ],
        ],
        kes: [90, 140],
        about: ['The secret behind a proper Swahili pilau and a rich beef stew.'],
      },
    ],
    blurbs: [
      '{name}, a must-have in every Kenyan kitchen.',
      'Add flavour to every meal with {name}.',
      'Quality {name} at a fair price.',
    ],
    details: [
      'Packed hygienically and sealed for freshness.',
      'Shops and hotels: ask about wholesale prices for bigger orders.',
      'Keep the pack tightly closed after use.',
    ],
  },
  // ---------------------------------------------------------------- Health & Beauty
  'skin-care': {
    weight: 3,
    lines: [
      {
        parts: [
          [
            ['Nivea', 1.2],
            ['Vaseline', 1],
            ['Nice & Lovely', 0.7],
            ['Dove', 1.3],
            ['Clere', 0.7],
            ['Garnier', 1.2],
          ],
          [
            ['Body Lotion', 1],
            ['Petroleum Jelly', 0.6],
            ['Facial Cleanser', 1.2],
            ['Shea Butter Cream', 1.1],
            ['Sunscreen SPF 50', 2.2],
            ['Roll-On Deodorant', 0.7],
          ],
          [
            ['100ml', 0.5],
            ['200ml', 0.8],
            ['400ml', 1.3],
          ],
        ],
        kes: [350, 450],
      },
      {
        parts: [
          ['Organic', 'Pure', 'Natural'],
          [
            ['Cold-Pressed Coconut Oil', 1],
            ['Raw Shea Butter', 1.1],
            ['Black Soap', 0.7],
            ['Aloe Vera Gel', 0.9],
            ['Baobab Oil', 1.6],
          ],
          [
            ['(Small)', 1],
            ['(Large)', 1.8],
          ],
        ],
        kes: [450, 650],
        about: ['Made in small batches on the Kenyan coast from natural ingredients.'],
      },
    ],
    blurbs: [
      'The {name} keeps your skin soft, smooth and moisturised all day.',
      'Glow naturally with the {name}.',
      'The {name} is gentle care for every skin type.',
    ],
    details: [
      'Genuine product sourced from authorised distributors.',
      'Dermatologically tested and suitable for daily use.',
      'Suitable for the dry Nairobi weather and the humid Coast alike.',
    ],
  },
  'hair-care': {
    weight: 2,
    lines: [
      {
        parts: [
          [
            ['Dark and Lovely', 1],
            ['ORS Olive Oil', 1.1],
            ['Cantu', 1.5],
            ['Miadi', 0.8],
            ['Amla', 0.7],
            ['TCB', 0.8],
          ],
          [
            ['Shampoo', 1],
            ['Conditioner', 1],
            ['Hair Food', 0.6],
            ['Leave-In Conditioner', 1.3],
            ['Curl Activator', 1.5],
            ['Relaxer Kit', 1.4],
          ],
          [
            ['250ml', 1],
            ['500ml', 1.7],
          ],
        ],
        kes: [350, 500],
      },
      {
        parts: [
          ['Darling', 'Sleek', 'Angels'],
          [
            ['Afro Kinky Braids', 1],
            ['Expression Braids', 1.1],
            ['Crochet Faux Locs', 1.6],
            ['Brazilian Wave Weave', 2.4],
            ['Lace Front Wig', 6],
          ],
          ['(1B Black)', '(Brown 30)', '(Burgundy)', '(Ombre)'],
        ],
        kes: [350, 500],
      },
      {
        parts: [
          [
            ['Remington', 1.3],
            ['Wahl', 1.2],
            ['Geepas', 0.8],
          ],
          [
            ['Hair Clipper Set', 1],
            ['Hair Dryer', 1.1],
            ['Flat Iron Straightener', 1.2],
            ['Beard Trimmer', 0.8],
          ],
        ],
        kes: [2000, 2800],
        blurbs: [
          'The {name} gives a clean, professional finish at home or in the kinyozi.',
          'Salon-quality results at home with the {name}.',
        ],
        details: [
          'Comes with attachment combs and a cleaning brush where applicable.',
          'UK three-pin plug and a one-year warranty.',
        ],
      },
    ],
    blurbs: [
      'The {name} keeps your hair healthy, strong and easy to manage.',
      'Salon-quality results at home with the {name}.',
      'The {name} is a favourite with Kenyan salons.',
    ],
    details: [
      'Suitable for natural, relaxed and braided hair.',
      'Genuine stock, not the copies sold in town.',
      'Ask about salon bulk prices.',
    ],
  },
  'health-wellness': {
    weight: 2,
    lines: [
      {
        parts: [
          [
            ['Afya Bora', 0.8],
            ['Seven Seas', 1.2],
            ['Centrum', 1.5],
            ['Health Plus', 1],
          ],
          [
            ['Vitamin C 1000mg', 1],
            ['Multivitamin', 1.2],
            ['Omega-3 Fish Oil', 1.4],
            ['Zinc and Vitamin D3', 1.1],
            ['Iron and Folic Acid', 0.8],
            ['Moringa Capsules', 0.9],
          ],
          [
            ['30 Tablets', 1],
            ['60 Tablets', 1.8],
            ['90 Tablets', 2.5],
          ],
        ],
        kes: [700, 1000],
      },
      {
        parts: [
          [
            ['Omron', 1.3],
            ['Beurer', 1.2],
            ['Rossmax', 1],
          ],
          [
            ['Digital Blood Pressure Monitor', 1],
            ['Infrared Thermometer', 0.5],
            ['Pulse Oximeter', 0.45],
            ['Glucometer Starter Kit', 0.8],
            ['Nebuliser Machine', 1.1],
          ],
        ],
        kes: [4500, 5500],
      },
      {
        parts: [
          [
            ['Always', 1.1],
            ['Kotex', 1],
            ['Softcare', 0.8],
          ],
          [
            ['Maxi Thick Pads', 1],
            ['Ultra Thin Pads', 1.1],
            ['Night Pads', 1.2],
            ['Panty Liners', 0.9],
          ],
          [
            ['(Single Pack)', 1],
            ['(Pack of 3)', 2.85],
            ['(Pack of 6)', 5.5],
          ],
        ],
        kes: [90, 140],
      },
    ],
    blurbs: [
      'Take care of yourself and your family with the {name}.',
      'The {name} supports your health every day.',
      'The {name} is trusted by pharmacists and families across Kenya.',
    ],
    details: [
      'PPB-registered product supplied by a licensed pharmacy.',
      'Consult your doctor or pharmacist if you are pregnant or on medication.',
      'Discreet packaging on delivery.',
    ],
  },
  // ---------------------------------------------------------------- Baby & Kids
  'diapers-baby-care': {
    weight: 3,
    lines: [
      {
        parts: [
          [
            ['Pampers', 1.2],
            ['Huggies', 1.15],
            ['Softcare', 0.8],
            ['Molfix', 0.9],
            ['Bebem', 0.75],
          ],
          [
            ['Diapers', 1],
            ['Diaper Pants', 1.15],
          ],
          [
            ['Size 1 (Newborn)', 0.9],
            ['Size 2', 1],
            ['Size 3', 1],
            ['Size 4', 1.05],
            ['Size 5', 1.1],
          ],
          [
            ['Value Pack', 0.55],
            ['Jumbo Pack', 1],
            ['Mega Pack', 1.8],
          ],
        ],
        kes: [1300, 1700],
      },
      {
        parts: [
          [
            ['Pampers', 1.2],
            ['Huggies', 1.15],
            ['Softcare', 0.8],
            ["Johnson's", 1.2],
            ['Cussons Baby', 1],
          ],
          [
            ['Baby Wipes 72s', 1],
            ['Baby Wipes 3-Pack', 2.6],
            ['Baby Lotion 200ml', 1.6],
            ['Baby Oil 200ml', 1.5],
            ['Baby Powder 200g', 1.1],
            ['Baby Bath Wash 500ml', 2.1],
          ],
        ],
        kes: [200, 300],
      },
      {
        parts: [
          [
            ['Philips Avent', 1.4],
            ['Pigeon', 1],
            ['Tommee Tippee', 1.2],
          ],
          [
            ['Feeding Bottle 260ml', 1],
            ['Feeding Bottle Twin Pack', 1.8],
            ['Sippy Cup', 0.9],
            ['Bottle Steriliser', 6],
            ['Baby Food Maker', 8],
          ],
        ],
        kes: [800, 1100],
        blurbs: [
          'The {name} makes feeding time easier for mum and baby.',
          'BPA-free and easy to clean, the {name} is a nursery essential.',
        ],
        details: ['Safe for sterilising and boiling.', 'Genuine stock from the authorised distributor.'],
      },
    ],
    blurbs: [
      'The {name} keeps baby clean, dry and comfortable.',
      'Gentle and safe, the {name} is made for delicate skin.',
      'Mums across Kenya trust the {name}.',
    ],
    details: [
      'Hypoallergenic and dermatologically tested.',
      'Buy the bigger packs and save more per piece.',
      'Fast delivery so you never run out at midnight.',
    ],
  },
  'kids-clothing': {
    weight: 2,
    lines: [
      {
        parts: [
          ['Pink', 'Blue', 'Yellow', 'Red', 'Green', 'Navy'],
          [
            ['Cotton Romper', 1],
            ['Baby Onesie 3-Pack', 1.6],
            ['Kitenge Party Dress', 1.8],
            ['Dungaree Set', 1.5],
            ['Hoodie and Joggers Set', 1.9],
            ['Pyjama Set', 1.1],
          ],
          ['(0-3 Months)', '(3-6 Months)', '(6-12 Months)', '(1-2 Years)', '(2-3 Years)', '(4-5 Years)'],
        ],
        kes: [600, 800],
      },
      {
        parts: [
          ['Maroon', 'Navy', 'Green', 'Grey'],
          ['School'],
          [
            ['Sweater', 1],
            ['Shirts 2-Pack', 1],
            ['Trousers', 1.1],
            ['Skirt', 0.95],
            ['Games Kit', 1.2],
          ],
          ['(Age 6)', '(Age 8)', '(Age 10)', '(Age 12)'],
        ],
        kes: [700, 900],
        about: ['Tough school uniform that survives break time, games and the daily wash.'],
      },
    ],
    blurbs: [
      'The {name} is soft, comfortable and made for busy little ones.',
      'Dress your child in the {name}.',
      'The {name} is cute, durable and easy to wash.',
    ],
    details: [
      '100% cotton that is gentle on sensitive skin.',
      'Sizes run slightly big to allow room to grow.',
      'Colour-fast; wash with similar colours.',
    ],
  },
  'toys-games': {
    weight: 2,
    lines: [
      {
        parts: [
          ['Lego Classic', 'Lego Duplo'],
          [
            ['Creative Bricks Box', 1],
            ['Brick Bucket', 0.8],
            ['Animal Set', 1.4],
          ],
        ],
        kes: [3500, 4500],
      },
      {
        parts: [
          [
            ['Remote Control Car', 1],
            ['Ride-On Toy Car', 4],
            ['Kids Bicycle 12-inch', 3.5],
            ['Kids Bicycle 16-inch', 4.2],
            ['Toy Kitchen Set', 2],
            ['Doll with Accessories', 0.9],
            ['Building Blocks 100-Piece', 0.7],
            ['Wooden Puzzle Set', 0.5],
            ['Educational Tablet Toy', 0.8],
            ['Kick Scooter', 1.8],
          ],
          ['(Red)', '(Blue)', '(Pink)', '(Yellow)'],
        ],
        kes: [1600, 2200],
      },
      {
        parts: [
          [
            ['Bao Board Game', 1],
            ['Draughts Board', 0.7],
            ['Ludo and Snakes Set', 0.6],
            ['Scrabble Original', 2.5],
            ['Jenga Classic', 1.8],
            ['Chess Set', 1.3],
            ['Uno Cards', 0.6],
          ],
          [
            ['Standard', 1],
            ['Deluxe', 1.6],
          ],
        ],
        kes: [700, 1100],
        about: ['Family game night sorted, with no screens and lots of laughter.'],
      },
    ],
    blurbs: [
      'The {name} keeps kids busy, learning and having fun.',
      'A perfect birthday or Christmas gift: the {name}.',
      'The {name} is safe, sturdy and loved by kids of all ages.',
    ],
    details: [
      'Made from non-toxic, child-safe materials.',
      'Check the recommended age on the box.',
      'Batteries not included for battery-powered toys.',
    ],
  },
  // ---------------------------------------------------------------- Sports & Outdoors
  'football-team-sports': {
    weight: 2,
    lines: [
      {
        parts: [
          [
            ['Adidas', 1.2],
            ['Nike', 1.2],
            ['Puma', 1.1],
            ['Mitre', 0.9],
            ['Molten', 1],
          ],
          [
            ['Training', 1],
            ['Match', 1.9],
          ],
          [
            ['Football Size 5', 1],
            ['Football Size 4', 0.9],
            ['Futsal Ball', 1.05],
            ['Netball Size 5', 0.9],
            ['Volleyball', 0.85],
            ['Basketball Size 7', 1.2],
            ['Rugby Ball Size 5', 1],
          ],
        ],
        kes: [1400, 1800],
      },
      {
        parts: [
          [
            'Harambee Stars',
            'Gor Mahia',
            'AFC Leopards',
            'Kenya Sevens',
            'Arsenal',
            'Manchester United',
            'Chelsea',
            'Liverpool',
          ],
          [
            ['Home Jersey', 1],
            ['Away Jersey', 1],
            ['Training Top', 0.8],
          ],
          ['2024/25'],
          ['(S)', '(M)', '(L)', '(XL)'],
        ],
        kes: [1200, 1800],
      },
      {
        parts: [
          [
            ['Adidas Predator', 1.1],
            ['Nike Mercurial', 1.2],
            ['Puma Future', 1],
            ['Nike Phantom', 1.1],
          ],
          [
            ['FG Football Boots', 1],
            ['Turf Trainers', 0.8],
          ],
          ['(Size 39)', '(Size 40)', '(Size 41)', '(Size 42)', '(Size 43)', '(Size 44)', '(Size 45)'],
        ],
        kes: [3500, 5000],
      },
    ],
    blurbs: [
      'The {name} is built for the pitch, from the estate field to the county league.',
      'Play like a pro with the {name}.',
      'The {name} is durable, comfortable and match-ready.',
    ],
    details: [
      'Great for schools, clubs and weekend teams; ask about team discounts.',
      'Stitched to survive murram pitches and rainy seasons.',
      'Name and number printing available for jerseys.',
    ],
  },
  'fitness-gym': {
    weight: 2,
    lines: [
      {
        parts: [
          [
            ['Adjustable Dumbbell Set 20kg', 1],
            ['Hex Dumbbells Pair 5kg', 0.35],
            ['Kettlebell 12kg', 0.5],
            ['Yoga Mat 6mm', 0.2],
            ['Resistance Bands Set', 0.15],
            ['Skipping Rope', 0.06],
            ['Ab Roller Wheel', 0.12],
            ['Foldable Treadmill', 6],
            ['Exercise Bike', 4],
            ['Weight Bench', 1.6],
          ],
          ['(Black)', '(Blue)', '(Red)', '(Purple)'],
        ],
        kes: [7000, 9000],
      },
      {
        parts: [
          [
            ['Nike', 1.1],
            ['Adidas', 1.1],
            ['Puma', 1],
            ['Under Armour', 1.2],
          ],
          [
            ['Running Shorts', 1],
            ['Dri-Fit T-Shirt', 1],
            ['Track Suit', 3],
            ['Sports Bra', 1],
            ['Gym Leggings', 1.2],
            ['Running Vest', 0.9],
          ],
          ['(S)', '(M)', '(L)', '(XL)'],
        ],
        kes: [1500, 2000],
      },
      {
        parts: [
          [
            ['Nike Pegasus 40', 1.1],
            ['Adidas Adizero SL', 1],
            ['Asics Gel-Nimbus 25', 1.3],
            ['Brooks Ghost 15', 1.2],
            ['Puma Velocity Nitro 2', 0.95],
          ],
          ['Running Shoes'],
          ['(Size 38)', '(Size 39)', '(Size 40)', '(Size 41)', '(Size 42)', '(Size 43)', '(Size 44)', '(Size 45)'],
        ],
        kes: [9000, 12000],
        about: ['The kind of shoe you see on the morning runs in Iten, light and well cushioned.'],
      },
    ],
    blurbs: [
      'Reach your fitness goals with the {name}.',
      'The {name} is ideal for home workouts, the gym and morning runs.',
      'Train harder and recover better with the {name}.',
    ],
    details: [
      'Sturdy build that holds up to daily training.',
      'Compact enough for a small apartment.',
      'Delivered and assembled in Nairobi, Nakuru and Eldoret for big items.',
    ],
  },
  'bicycles-cycling': {
    weight: 1,
    lines: [
      {
        parts: [
          [
            ['Roadmaster', 1],
            ['Phoenix', 0.9],
            ['Mountain King', 1.1],
            ['Hero', 0.85],
          ],
          [
            ['Black Mamba Roadster', 0.8],
            ['Mountain Bike 26-inch', 1],
            ['Mountain Bike 29-inch', 1.3],
            ['Ladies City Bike', 0.9],
            ['Kids Bike 20-inch', 0.6],
            ['Heavy Duty Carrier Bike', 0.95],
          ],
          ['(Black)', '(Red)', '(Blue)', '(Green)'],
        ],
        kes: [12000, 15000],
        about: ['A strong frame and a wide carrier, made to handle rough roads and heavy loads.'],
      },
      {
        parts: [
          [
            ['Cycling Helmet', 1],
            ['Bike Lock with Chain', 0.6],
            ['LED Bike Light Set', 0.7],
            ['Bike Pump', 0.5],
            ['Puncture Repair Kit', 0.15],
            ['Water Bottle Cage', 0.2],
          ],
          ['(Black)', '(Red)', '(Blue)', '(Yellow)'],
        ],
        kes: [1800, 2400],
        details: ['Fits most bicycles, from roadsters to mountain bikes.', 'Easy to fit with basic tools.'],
      },
    ],
    blurbs: [
      'Ride further and safer with the {name}.',
      'The {name} is built tough for town streets and village paths.',
      'Beat the traffic with the {name}.',
    ],
    details: [
      'Bicycles are delivered fully assembled and adjusted.',
      'Spare parts are easy to find in any town.',
      'Free first service within a month of purchase.',
    ],
  },
  // ---------------------------------------------------------------- Agriculture
  seeds: {
    weight: 3,
    lines: [
      {
        parts: [
          ['Kenya Seed'],
          ['H614D', 'H6213', 'H520', 'DH04', 'H513'],
          ['Hybrid Maize Seed'],
          [
            ['2kg', 1],
            ['10kg', 4.8],
            ['25kg', 11.8],
          ],
        ],
        kes: [550, 750],
        about: ['Certified hybrid maize bred for Kenyan altitudes and rainfall.'],
      },
      {
        parts: [
          ['Seed Co', 'Pannar', 'Pioneer', 'DeKalb'],
          [
            ['Early Maturing', 1],
            ['Drought Tolerant', 1.05],
            ['High Yield', 1.15],
          ],
          ['Hybrid Maize Seed'],
          [
            ['2kg', 1],
            ['10kg', 4.8],
          ],
        ],
        kes: [600, 800],
      },
      {
        parts: [
          ['Simlaw', 'Kenya Highland Seed', 'East African Seed', 'Royal Seed'],
          [
            ['Sukuma Wiki (Kale)', 1],
            ['Cabbage Gloria F1', 3],
            ['Tomato Anna F1', 6],
            ['Onion Red Creole', 1.5],
            ['Spinach Fordhook', 0.9],
            ['Watermelon Sukari F1', 4],
            ['Capsicum California Wonder', 1.8],
            ['Carrot Nantes', 1.1],
            ['Managu (African Nightshade)', 0.8],
            ['Terere (Amaranth)', 0.7],
          ],
          ['Seeds'],
          [
            ['10g', 0.5],
            ['25g', 1],
            ['50g', 1.9],
            ['100g', 3.6],
          ],
        ],
        kes: [180, 250],
      },
      {
        parts: [
          ['KALRO', 'Simlaw'],
          [
            ['Rosecoco Bean', 1],
            ['KAT B1 Bean', 1.05],
            ['Nyota Bean', 1.1],
            ['Sorghum Gadam', 0.8],
            ['Green Gram N26', 1.2],
            ['Sunflower', 0.9],
          ],
          ['Seed'],
          [
            ['1kg', 1],
            ['2kg', 1.9],
          ],
        ],
        kes: [300, 400],
      },
      {
        parts: [
          [
            ['Hass Avocado', 1.2],
            ['Grafted Apple Mango', 1.1],
            ['Tissue Culture Banana', 1],
            ['Macadamia', 1.3],
            ['Pixie Orange', 1.1],
            ['Tree Tomato', 0.6],
          ],
          ['Seedling'],
          [
            ['(Single)', 1],
            ['(Pack of 10)', 9],
          ],
        ],
        kes: [200, 300],
        about: ['Healthy grafted seedlings raised in a certified nursery, ready to plant this season.'],
      },
    ],
    blurbs: [
      'Plant {name} for a bumper harvest this season.',
      'The {name} offers high germination and strong, healthy plants.',
      'Trusted by farmers across Kenya: {name}.',
    ],
    details: [
      'KEPHIS certified; check the lot number on every pack.',
      'Plant at the onset of the long or short rains for best results.',
      'Ask our agronomist on WhatsApp for spacing and fertiliser advice.',
      'Store in a cool, dry place away from chemicals.',
    ],
  },
  'fertiliser-crop-care': {
    weight: 2,
    lines: [
      {
        parts: [
          [
            ['Yara', 1.1],
            ['Mea', 1],
            ['Omnia', 1],
            ['Elgon Kenya', 0.95],
          ],
          [
            ['DAP Planting Fertiliser', 1],
            ['CAN Top Dressing Fertiliser', 0.8],
            ['NPK 17:17:17 Fertiliser', 1.05],
            ['NPK 23:23:0 Fertiliser', 1.05],
            ['Urea Top Dressing Fertiliser', 0.9],
          ],
          [
            ['10kg', 0.25],
            ['25kg', 0.55],
            ['50kg', 1],
          ],
        ],
        kes: [5500, 7000],
      },
      {
        parts: [
          ['Evergrow', 'Safi Organics', 'Shamba Gold'],
          [
            ['Organic Fertiliser', 1],
            ['Vermicompost', 1.2],
            ['Chicken Manure Pellets', 0.9],
          ],
          [
            ['25kg', 1],
            ['50kg', 1.85],
          ],
        ],
        kes: [1200, 1600],
        about: ['Rebuilds tired soils naturally, so every season yields more.'],
      },
      {
        parts: [
          [
            ['Duduthrin 1.75EC Insecticide', 1],
            ['Ridomil Gold MZ Fungicide', 1.8],
            ['Mancozeb 80WP Fungicide', 1.1],
            ['Glyphosate Herbicide', 1.3],
            ['Thunder OD Insecticide', 1.4],
            ['Pyrinex 48EC Insecticide', 1.2],
          ],
          [
            ['100ml', 0.3],
            ['250ml', 0.6],
            ['500ml', 1],
            ['1L', 1.8],
          ],
        ],
        kes: [650, 850],
        blurbs: [
          'Keep your shamba clean and your crop healthy this season with {name}.',
          '{name}, a trusted crop protection product at agrovet prices.',
        ],
        details: [
          'Always read the label and wear protective gear when spraying.',
          'Keep out of reach of children and away from food stores.',
        ],
      },
    ],
    blurbs: [
      'Feed your crops and boost your yield with {name}.',
      'The {name} gives your shamba the nutrients it needs.',
      'Quality {name} at fair agrovet prices.',
    ],
    details: [
      'Follow the recommended rate per acre on the bag.',
      'Wear protective gear when handling crop chemicals.',
      'Delivery to farms in most counties; bulk discounts for groups and saccos.',
    ],
  },
  'farm-tools': {
    weight: 2,
    lines: [
      {
        parts: [
          [
            ['Crocodile', 1],
            ['Fuso', 0.85],
            ['Jembe Bora', 0.9],
            ['Tramontina', 1.2],
          ],
          [
            ['Jembe (Hoe)', 1],
            ['Panga', 0.9],
            ['Forked Jembe', 1.1],
            ['Slasher', 0.8],
            ['Spade', 1.3],
            ['Garden Rake', 1],
            ['Pruning Shears', 1.2],
            ['Wheelbarrow', 8],
          ],
        ],
        kes: [450, 650],
        about: ['Forged from hardened steel that keeps its edge through the toughest digging season.'],
      },
      {
        parts: [
          [
            ['Solo', 1.3],
            ['Farmate', 1],
            ['Kisan', 0.9],
          ],
          [
            ['Knapsack Sprayer 16L', 1],
            ['Knapsack Sprayer 20L', 1.2],
            ['Battery Sprayer 16L', 2.2],
            ['Hand Sprayer 2L', 0.3],
          ],
        ],
        kes: [3500, 4500],
      },
      {
        parts: [
          ['Drip Irrigation Kit'],
          [
            ['1/8 Acre', 1],
            ['1/4 Acre', 1.8],
            ['1/2 Acre', 3.3],
            ['1 Acre', 6],
          ],
        ],
        kes: [9000, 11000],
        about: ['Farm through the dry season with drip lines that save water and labour.'],
      },
      {
        parts: [
          ['Kentank', 'Roto', 'Techno Tank'],
          ['Water Tank'],
          [
            ['500L', 0.55],
            ['1000L', 1],
            ['2300L', 2],
            ['5000L', 4.2],
            ['10000L', 8.5],
          ],
          ['(Green)', '(Black)', '(Beige)'],
        ],
        kes: [9000, 11000],
      },
      {
        parts: [
          [
            ['Honda', 1.3],
            ['Koshin', 1.1],
            ['Greaves', 1],
          ],
          ['Petrol Water Pump'],
          [
            ['2-inch', 1],
            ['3-inch', 1.4],
          ],
        ],
        kes: [25000, 32000],
      },
    ],
    blurbs: [
      'Make farm work easier with the {name}.',
      'The {name} is tough, reliable and built for Kenyan farms.',
      'The {name} is a sound investment for any shamba.',
    ],
    details: [
      'Backed by a manufacturer warranty on pumps and sprayers.',
      'Spare parts available at our shop.',
      'Delivery to farms arranged by boda, pick-up or lorry depending on size.',
    ],
  },
  'animal-feeds': {
    weight: 2,
    lines: [
      {
        parts: [
          ['Unga Farm Care', 'Sigma Feeds', 'Pembe Feeds', 'Isinya Feeds'],
          [
            ['Dairy Meal', 1],
            ['Layers Mash', 1.05],
            ['Chick and Duck Mash', 1.15],
            ['Growers Mash', 1],
            ['Broiler Starter Crumbs', 1.2],
            ['Pig Finisher Pellets', 0.95],
            ['Calf Pellets', 1.1],
          ],
          [
            ['10kg', 0.23],
            ['35kg', 0.75],
            ['50kg', 1],
          ],
        ],
        kes: [2800, 3400],
      },
      {
        parts: [
          [
            ['Mineral Supplement 2kg', 1],
            ['Salt Lick Block 5kg', 0.8],
            ['Albendazole Dewormer 1L', 2.5],
            ['Tick Grease 500g', 0.7],
            ['Udder Cream 500g', 0.9],
            ['Poultry Vitamin Booster 100g', 0.3],
          ],
        ],
        kes: [500, 700],
        blurbs: [
          'The {name} keeps your dairy cows, goats and kuku healthy.',
          "A must-have in every farmer's vet box: {name}.",
        ],
        details: ['Use as directed on the pack or by your vet.', 'Supplied by a licensed agrovet.'],
      },
      {
        parts: [
          [
            ['Poultry Drinker', 1],
            ['Poultry Feeder', 1.1],
            ['Egg Incubator 64 Eggs', 50],
            ['Aluminium Milk Can 10L', 10],
          ],
          [
            ['(Small)', 1],
            ['(Large)', 1.6],
          ],
        ],
        kes: [250, 350],
        blurbs: [
          'The {name} is tough, easy to clean and built for Kenyan farms.',
          'Upgrade your poultry or dairy unit with the {name}.',
        ],
        details: ['Food-grade materials that are safe for animals and milk.', 'Spare parts available at our shop.'],
      },
    ],
    blurbs: [
      'More milk and more eggs with {name}.',
      'The {name} keeps your animals healthy and productive.',
      'Give your cows, kuku and pigs the best with {name}.',
    ],
    details: [
      'Formulated for Kenyan dairy and poultry breeds.',
      'Store feeds off the floor in a dry, well-aired store.',
      'Ask our vet on WhatsApp about feeding rates.',
    ],
  },
  // ---------------------------------------------------------------- Books & Stationery
  'textbooks-revision': {
    weight: 2,
    lines: [
      {
        parts: [
          ['KLB', 'Longhorn', 'Oxford', 'Moran', 'Mentor'],
          [
            'Mathematics',
            'English',
            'Kiswahili',
            'Integrated Science',
            'Social Studies',
            'Creative Arts',
            'Agriculture and Nutrition',
            'CRE',
          ],
          ['Grade 4', 'Grade 5', 'Grade 6', 'Grade 7', 'Grade 8', 'Grade 9'],
          ["Learner's Book"],
        ],
        kes: [450, 750],
        about: ['Approved by KICD for the Competency Based Curriculum.'],
      },
      {
        parts: [
          ['Top Mark', 'Golden Tips', 'Spotlight', 'Mentor'],
          ['KCSE'],
          ['Mathematics', 'English', 'Kiswahili', 'Chemistry', 'Biology', 'Physics'],
          [
            ['Past Papers', 1],
            ['Revision Guide', 1.3],
          ],
        ],
        kes: [450, 700],
      },
      {
        parts: [
          ['Top Mark', 'Golden Tips', 'Spotlight', 'Mentor'],
          ['KPSEA', 'KJSEA'],
          ['Mathematics', 'English', 'Kiswahili', 'Integrated Science'],
          [
            ['Past Papers', 1],
            ['Revision Guide', 1.3],
          ],
        ],
        kes: [400, 600],
      },
      {
        parts: [
          ['Oxford', 'Longman'],
          [
            ['English Dictionary', 1],
            ['Kamusi ya Kiswahili', 1],
            ['School Atlas for East Africa', 1.1],
          ],
          [
            ['(Paperback)', 1],
            ['(Hardcover)', 1.5],
          ],
        ],
        kes: [900, 1300],
      },
    ],
    blurbs: [
      'The {name} follows the latest Kenyan syllabus.',
      'Help your child revise smarter with the {name}.',
      'The {name} is recommended by teachers across Kenya.',
    ],
    details: [
      'Latest edition, as listed on most school book lists.',
      'Clear explanations, worked examples and plenty of exercises.',
      'Schools and parents associations: ask for bulk prices.',
    ],
  },
  stationery: {
    weight: 2,
    lines: [
      {
        parts: [
          ['Kasuku', 'Picfare', 'Pioneer'],
          ['Ruled', 'Squared', 'Graph'],
          ['Exercise Book'],
          [
            ['A5 96 Pages', 1],
            ['A5 200 Pages', 1.6],
            ['A4 200 Pages', 2.2],
          ],
          [
            ['(Pack of 10)', 1],
            ['(Pack of 20)', 1.9],
            ['(Dozen)', 1.15],
          ],
        ],
        kes: [350, 450],
        details: [
          'Smooth, bright paper that does not bleed through.',
          'Strong stitched spine that survives a full school year.',
        ],
      },
      {
        parts: [
          [
            ['Bic', 1],
            ['Pentel', 1.3],
            ['Faber-Castell', 1.2],
            ['Staedtler', 1.3],
          ],
          [
            ['Blue Ballpoint Pens', 1],
            ['Black Ballpoint Pens', 1],
            ['HB Pencils', 0.9],
            ['Colour Pencils', 2.5],
            ['Highlighters', 2.2],
            ['Geometry Set', 2.8],
            ['Wax Crayons', 2],
          ],
          [
            ['(Box of 10)', 1],
            ['(Box of 20)', 1.9],
          ],
        ],
        kes: [150, 250],
      },
      {
        parts: [
          [
            ['School Bag', 1],
            ['Laptop Backpack', 1.4],
            ['Trolley School Bag', 1.8],
          ],
          ['(Navy)', '(Black)', '(Pink)', '(Red)', '(Camo)'],
        ],
        kes: [1200, 1800],
      },
      {
        parts: [
          [
            ['Casio', 1],
            ['Canon', 0.9],
          ],
          [
            ['fx-82ES Plus Scientific Calculator', 1],
            ['fx-991ES Plus Scientific Calculator', 1.6],
            ['Basic Desk Calculator', 0.6],
          ],
        ],
        kes: [1500, 1900],
      },
    ],
    blurbs: [
      'The {name} is back-to-school ready.',
      'Stock up on the {name} before school opening.',
      'The {name} is quality stationery for school and office.',
    ],
    details: [
      'As required on most primary and secondary school lists.',
      'Ask about bulk prices for schools and offices.',
      'Quality that lasts the whole school term.',
    ],
  },
  'books-novels': {
    weight: 1,
    lines: [
      {
        parts: [
          [
            ['The River and the Source by Margaret Ogola', 1],
            ['Blossoms of the Savannah by H.R. Ole Kulet', 1],
            ["Weep Not, Child by Ngugi wa Thiong'o", 1],
            ["The River Between by Ngugi wa Thiong'o", 1],
            ["Petals of Blood by Ngugi wa Thiong'o", 1.2],
            ['Coming to Birth by Marjorie Oludhe Macgoye', 1],
            ['Kill Me Quick by Meja Mwangi', 0.9],
            ['Going Down River Road by Meja Mwangi', 1],
            ['Dust by Yvonne Adhiambo Owuor', 1.4],
            ['Unbowed by Wangari Maathai', 1.3],
            ['Things Fall Apart by Chinua Achebe', 0.9],
            ['Half of a Yellow Sun by Chimamanda Ngozi Adichie', 1.3],
            ['Americanah by Chimamanda Ngozi Adichie', 1.3],
            ['Kigogo by Pauline Kea', 0.9],
            ['Chozi la Heri by Assumpta Matei', 0.9],
            ['Nguu za Jadi by Clara Momanyi', 0.9],
            ['Mstahiki Meya by Timothy Arege', 0.8],
            ['Tumbo Lisiloshiba na Hadithi Nyingine', 0.8],
            ["A Doll's House by Henrik Ibsen", 0.8],
            ['An Enemy of the People by Henrik Ibsen', 0.8],
            ['The Pearl by John Steinbeck', 0.8],
            ['Memories We Lost and Other Stories', 0.8],
          ],
          [
            ['(Paperback)', 1],
            ['(Hardcover)', 1.8],
            ['(Student Edition)', 0.85],
          ],
        ],
        kes: [750, 1000],
      },
      {
        parts: [
          ['Storymoja', 'Moran', 'Longhorn', 'Jacaranda'],
          ['Storybook Bundle'],
          [
            ['Age 3-5', 1],
            ['Age 6-8', 1.1],
            ['Age 9-12', 1.2],
          ],
          [
            ['(5 Books)', 1],
            ['(10 Books)', 1.8],
          ],
        ],
        kes: [1200, 1600],
        about: ['Colourful stories by African authors that get children reading on their own.'],
      },
    ],
    blurbs: [
      '{name}, a must-read.',
      'Discover the {name}, loved by readers across Kenya and beyond.',
      'The {name} is on the reading list of schools and book clubs alike.',
    ],
    details: [
      'Set books are the latest KICD-approved editions.',
      'Brand new copies, not photocopies.',
      'Perfect for students, book clubs and gifts.',
    ],
  },
}
