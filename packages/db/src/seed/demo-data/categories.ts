/** The demo category tree: ten top-level departments, each with its leaf categories (products hang off leaves). */
export interface DemoCategoryNode {
  readonly slug: string
  readonly name: string
  readonly hue: number
  readonly imageAlt: string
}

export interface DemoDepartment extends DemoCategoryNode {
  readonly children: readonly DemoCategoryNode[]
}

export const DEMO_CATEGORY_TREE: readonly DemoDepartment[] = [
  {
    slug: 'phones-tablets',
    name: 'Phones & Tablets',
    hue: 210,
    imageAlt: 'A row of smartphones and a tablet on a wooden counter',
    children: [
      {
        slug: 'smartphones',
        name: 'Smartphones',
        hue: 205,
        imageAlt: 'Android smartphones fanned out with bright screens',
      },
      {
        slug: 'feature-phones',
        name: 'Feature Phones',
        hue: 220,
        imageAlt: 'Small button phones with long-lasting batteries',
      },
      { slug: 'tablets', name: 'Tablets', hue: 195, imageAlt: 'A tablet showing a cartoon next to a stylus' },
      {
        slug: 'phone-accessories',
        name: 'Phone Accessories',
        hue: 230,
        imageAlt: 'Chargers, power banks, earbuds and phone cases',
      },
    ],
  },
  {
    slug: 'electronics',
    name: 'Electronics',
    hue: 250,
    imageAlt: 'A living room with a flat-screen TV and a soundbar',
    children: [
      { slug: 'televisions', name: 'TVs', hue: 245, imageAlt: 'A smart TV on a wall showing a football match' },
      {
        slug: 'audio-speakers',
        name: 'Audio & Speakers',
        hue: 265,
        imageAlt: 'A Bluetooth speaker and a subwoofer system',
      },
      { slug: 'laptops-computers', name: 'Laptops & Computers', hue: 240, imageAlt: 'An open laptop beside a mouse' },
      {
        slug: 'solar-power',
        name: 'Solar & Power Backup',
        hue: 45,
        imageAlt: 'Solar panels on a mabati roof under a blue sky',
      },
    ],
  },
  {
    slug: 'fashion',
    name: 'Fashion',
    hue: 330,
    imageAlt: 'Colourful kitenge outfits on a market stall',
    children: [
      {
        slug: 'kitenge-african-prints',
        name: 'Kitenge & African Prints',
        hue: 20,
        imageAlt: 'Bold kitenge wax-print fabrics folded in a stack',
      },
      { slug: 'kikoy-shukas', name: 'Kikoy & Shukas', hue: 350, imageAlt: 'Striped kikoys and a red Maasai shuka' },
      { slug: 'mens-fashion', name: "Men's Fashion", hue: 215, imageAlt: 'Folded shirts and chinos on a shelf' },
      {
        slug: 'womens-fashion',
        name: "Women's Fashion",
        hue: 320,
        imageAlt: 'A dress, a blazer and a beaded necklace',
      },
      { slug: 'shoes', name: 'Shoes', hue: 30, imageAlt: 'Leather shoes, sneakers and akala sandals in a row' },
    ],
  },
  {
    slug: 'home-kitchen',
    name: 'Home & Kitchen',
    hue: 25,
    imageAlt: 'A Kenyan kitchen with sufurias on a gas cooker',
    children: [
      {
        slug: 'sufuria-cookware',
        name: 'Sufuria & Cookware',
        hue: 35,
        imageAlt: 'Shiny aluminium sufurias stacked by size',
      },
      {
        slug: 'jiko-cooking-stoves',
        name: 'Jiko & Cooking Stoves',
        hue: 15,
        imageAlt: 'A charcoal jiko glowing next to a two-burner gas cooker',
      },
      {
        slug: 'fridges-freezers',
        name: 'Fridges & Freezers',
        hue: 190,
        imageAlt: 'A double-door fridge and a chest freezer',
      },
      {
        slug: 'small-kitchen-appliances',
        name: 'Small Kitchen Appliances',
        hue: 0,
        imageAlt: 'A blender, an electric kettle and a toaster on a counter',
      },
      {
        slug: 'bedding-home-decor',
        name: 'Bedding & Home Decor',
        hue: 280,
        imageAlt: 'A made bed with a duvet and cushions',
      },
    ],
  },
  {
    slug: 'groceries',
    name: 'Groceries',
    hue: 80,
    imageAlt: 'A basket of unga, rice, tea and cooking oil',
    children: [
      { slug: 'unga-flour', name: 'Unga & Flour', hue: 50, imageAlt: 'Packets of maize flour and wheat flour' },
      {
        slug: 'rice-grains',
        name: 'Rice, Beans & Grains',
        hue: 40,
        imageAlt: 'Sacks of pishori rice, beans and ndengu',
      },
      { slug: 'tea-coffee', name: 'Tea & Coffee', hue: 110, imageAlt: 'A cup of chai next to a packet of tea leaves' },
      { slug: 'cooking-oil', name: 'Cooking Oil & Fats', hue: 55, imageAlt: 'Bottles and jerrycans of cooking oil' },
      {
        slug: 'sugar-salt-spices',
        name: 'Sugar, Salt & Spices',
        hue: 15,
        imageAlt: 'Bowls of sugar, salt and pilau masala',
      },
    ],
  },
  {
    slug: 'health-beauty',
    name: 'Health & Beauty',
    hue: 300,
    imageAlt: 'Lotions, hair products and a blood pressure monitor',
    children: [
      { slug: 'skin-care', name: 'Skin Care', hue: 310, imageAlt: 'Body lotion, shea butter and coconut oil' },
      { slug: 'hair-care', name: 'Hair Care & Braids', hue: 290, imageAlt: 'Hair food, braids and a hair dryer' },
      {
        slug: 'health-wellness',
        name: 'Health & Wellness',
        hue: 160,
        imageAlt: 'Vitamins and a digital thermometer on a shelf',
      },
    ],
  },
  {
    slug: 'baby-kids',
    name: 'Baby & Kids',
    hue: 180,
    imageAlt: 'Baby clothes, diapers and toys in soft colours',
    children: [
      {
        slug: 'diapers-baby-care',
        name: 'Diapers & Baby Care',
        hue: 185,
        imageAlt: 'Diaper packs, wipes and a feeding bottle',
      },
      {
        slug: 'kids-clothing',
        name: "Kids' Clothing",
        hue: 170,
        imageAlt: 'A small kitenge dress and a school sweater',
      },
      { slug: 'toys-games', name: 'Toys & Games', hue: 5, imageAlt: 'Building blocks, a bao board and a toy car' },
    ],
  },
  {
    slug: 'sports-outdoors',
    name: 'Sports & Outdoors',
    hue: 140,
    imageAlt: 'A football, running shoes and a bicycle on grass',
    children: [
      {
        slug: 'football-team-sports',
        name: 'Football & Team Sports',
        hue: 130,
        imageAlt: 'A football and a Harambee Stars jersey',
      },
      { slug: 'fitness-gym', name: 'Fitness & Running', hue: 150, imageAlt: 'Dumbbells, a yoga mat and running shoes' },
      {
        slug: 'bicycles-cycling',
        name: 'Bicycles & Cycling',
        hue: 120,
        imageAlt: 'A black roadster bicycle and a helmet',
      },
    ],
  },
  {
    slug: 'agriculture',
    name: 'Agriculture',
    hue: 100,
    imageAlt: 'A green shamba with rows of maize',
    children: [
      { slug: 'seeds', name: 'Seeds & Seedlings', hue: 95, imageAlt: 'Packets of maize and vegetable seeds' },
      {
        slug: 'fertiliser-crop-care',
        name: 'Fertiliser & Crop Care',
        hue: 75,
        imageAlt: 'Fertiliser bags stacked in an agrovet shop',
      },
      {
        slug: 'farm-tools',
        name: 'Farm Tools & Irrigation',
        hue: 60,
        imageAlt: 'A jembe, a panga and a knapsack sprayer',
      },
      { slug: 'animal-feeds', name: 'Animal Feeds & Vet', hue: 35, imageAlt: 'Dairy meal bags and a poultry feeder' },
    ],
  },
  {
    slug: 'books-stationery',
    name: 'Books & Stationery',
    hue: 260,
    imageAlt: 'Exercise books, pens and textbooks on a desk',
    children: [
      {
        slug: 'textbooks-revision',
        name: 'Textbooks & Revision',
        hue: 255,
        imageAlt: 'CBC textbooks and revision guides',
      },
      {
        slug: 'stationery',
        name: 'Exercise Books & Stationery',
        hue: 270,
        imageAlt: 'A pile of exercise books and a geometry set',
      },
      {
        slug: 'books-novels',
        name: 'Novels & Set Books',
        hue: 240,
        imageAlt: 'Kenyan novels and set books on a shelf',
      },
    ],
  },
]
