import type { MealStatus, Weekday } from '@kitchaco/domain';

/**
 * The curated lists behind the demo data: locations, franchisees, brands with their menus, the stock
 * list and the bundles that tie meals to stock. Everything random is drawn in the generators; this
 * file is plain data so it reads like a real menu.
 */

export const CATEGORIES = [
  { id: 51, title: 'Mains' },
  { id: 52, title: 'Sides' },
  { id: 53, title: 'Drinks' },
  { id: 54, title: 'Desserts' },
  { id: 55, title: 'Combos' },
] as const;

const MAINS = 51;
const SIDES = 52;
const DRINKS = 53;
const DESSERTS = 54;
const COMBOS = 55;

export interface OperatorDef {
  businessName: string;
  email: string;
  abn: string;
  /** Commission rates per channel, fractions with 4 decimals. */
  rates: {
    inStoreCash: string;
    inStoreCard: string;
    onlinePickup: string;
    onlineDelivery: string;
    uberEats: string;
    doordash: string;
    deliveroo: string;
    menulog: string;
  };
}

export const OPERATORS: OperatorDef[] = [
  {
    businessName: 'Northside Kitchens Pty Ltd',
    email: 'accounts@northsidekitchens.demo.test',
    abn: '51 824 753 556',
    rates: {
      inStoreCash: '0.3000',
      inStoreCard: '0.3000',
      onlinePickup: '0.3000',
      onlineDelivery: '0.3000',
      uberEats: '0.1500',
      doordash: '0.1500',
      deliveroo: '0.1500',
      menulog: '0.1500',
    },
  },
  {
    businessName: 'Bayside Food Group Pty Ltd',
    email: 'finance@baysidefood.demo.test',
    abn: '33 102 417 890',
    rates: {
      inStoreCash: '0.2800',
      inStoreCard: '0.2800',
      onlinePickup: '0.3000',
      onlineDelivery: '0.3200',
      uberEats: '0.1400',
      doordash: '0.1400',
      deliveroo: '0.1600',
      menulog: '0.1300',
    },
  },
];

/** Business names for the extra franchisees of large scales. */
export const EXTRA_OPERATOR_NAMES = [
  'Eastern Suburbs Eats',
  'Westgate Hospitality',
  'Yarra Valley Dining',
  'Southern Cross Kitchens',
  'Merri Creek Food Co',
  'Port Phillip Kitchens',
  'Dandenong Ranges Hospitality',
  'Maribyrnong Eats',
  'Plenty Road Food Group',
  'Bellarine Kitchens',
];

export interface LocationDef {
  name: string;
  /** Address line as the spec shows it: "31, Malua Street, Reservoir". */
  address: string;
  suburb: string;
  postcode: string;
  lat: number;
  lng: number;
  deliveryDays: Weekday[];
  minStockOrder: string;
  /** Local streets, for customer addresses. */
  streets: string[];
}

export const LOCATIONS: LocationDef[] = [
  {
    name: 'Reservoir',
    address: '31, Malua Street, Reservoir',
    suburb: 'Reservoir',
    postcode: '3073',
    lat: -37.7166,
    lng: 145.007,
    deliveryDays: ['Monday', 'Thursday'],
    minStockOrder: '300.00',
    streets: [
      'Broadway',
      'Edwardes Street',
      'Gilbert Road',
      'Spring Street',
      'Cheddar Road',
      'Massey Avenue',
    ],
  },
  {
    name: 'Brunswick',
    address: '412, Sydney Road, Brunswick',
    suburb: 'Brunswick',
    postcode: '3056',
    lat: -37.767,
    lng: 144.9616,
    deliveryDays: ['Tuesday', 'Friday'],
    minStockOrder: '300.00',
    streets: [
      'Albion Street',
      'Union Street',
      'Victoria Street',
      'Lygon Street',
      'Weston Street',
      'Barkly Street',
    ],
  },
  {
    name: 'Richmond',
    address: '245, Swan Street, Richmond',
    suburb: 'Richmond',
    postcode: '3121',
    lat: -37.8247,
    lng: 144.9968,
    deliveryDays: ['Wednesday'],
    minStockOrder: '350.00',
    streets: [
      'Church Street',
      'Lennox Street',
      'Bridge Road',
      'Coppin Street',
      'Docker Street',
      'Mary Street',
    ],
  },
  {
    name: 'Footscray',
    address: '78, Barkly Street, Footscray',
    suburb: 'Footscray',
    postcode: '3011',
    lat: -37.8008,
    lng: 144.899,
    deliveryDays: ['Monday', 'Thursday'],
    minStockOrder: '300.00',
    streets: ['Hopkins Street', 'Nicholson Street', 'Gordon Street', 'Buckley Street', 'Eleanor Street'],
  },
  {
    name: 'Box Hill',
    address: '9, Market Street, Box Hill',
    suburb: 'Box Hill',
    postcode: '3128',
    lat: -37.8189,
    lng: 145.122,
    deliveryDays: ['Tuesday', 'Friday'],
    minStockOrder: '250.00',
    streets: ['Station Street', 'Whitehorse Road', 'Carrington Road', 'Thames Street', 'Elland Avenue'],
  },
  {
    name: 'St Kilda',
    address: '150, Acland Street, St Kilda',
    suburb: 'St Kilda',
    postcode: '3182',
    lat: -37.8676,
    lng: 144.9807,
    deliveryDays: ['Wednesday', 'Saturday'],
    minStockOrder: '300.00',
    streets: ['Fitzroy Street', 'Grey Street', 'Barkly Street', 'Blessington Street', 'Carlisle Street'],
  },
];

/** Real Melbourne suburbs (approximate centres) for the extra locations of large scales. */
export const EXTRA_SUBURBS: [name: string, postcode: string, lat: number, lng: number, street: string][] = [
  ['Coburg', '3058', -37.7436, 144.9665, 'Sydney Road'],
  ['Preston', '3072', -37.7425, 145.0089, 'High Street'],
  ['Northcote', '3070', -37.7699, 144.9995, 'High Street'],
  ['Fitzroy', '3065', -37.7984, 144.9782, 'Brunswick Street'],
  ['Collingwood', '3066', -37.8021, 144.9879, 'Smith Street'],
  ['Carlton', '3053', -37.8001, 144.9671, 'Lygon Street'],
  ['Hawthorn', '3122', -37.8222, 145.0346, 'Glenferrie Road'],
  ['Camberwell', '3124', -37.8421, 145.0694, 'Burke Road'],
  ['Kew', '3101', -37.8064, 145.0308, 'High Street'],
  ['Doncaster', '3108', -37.7882, 145.1238, 'Doncaster Road'],
  ['Glen Waverley', '3150', -37.878, 145.1648, 'Kingsway'],
  ['Clayton', '3168', -37.9245, 145.1205, 'Clayton Road'],
  ['Dandenong', '3175', -37.9874, 145.2149, 'Lonsdale Street'],
  ['Frankston', '3199', -38.1444, 145.1256, 'Nepean Highway'],
  ['Cheltenham', '3192', -37.9676, 145.0543, 'Charman Road'],
  ['Moorabbin', '3189', -37.9396, 145.0584, 'South Road'],
  ['Brighton', '3186', -37.9058, 144.9991, 'Church Street'],
  ['Elsternwick', '3185', -37.8846, 145.0009, 'Glen Huntly Road'],
  ['Caulfield', '3162', -37.8772, 145.0228, 'Hawthorn Road'],
  ['Malvern', '3144', -37.8569, 145.0307, 'Glenferrie Road'],
  ['Prahran', '3181', -37.8509, 144.9928, 'Chapel Street'],
  ['South Yarra', '3141', -37.8382, 144.9927, 'Toorak Road'],
  ['Port Melbourne', '3207', -37.8393, 144.9424, 'Bay Street'],
  ['Williamstown', '3016', -37.8635, 144.8989, 'Nelson Place'],
  ['Sunshine', '3020', -37.7883, 144.8322, 'Hampshire Road'],
  ['Werribee', '3030', -37.9036, 144.6622, 'Watton Street'],
  ['Point Cook', '3030', -37.9137, 144.7506, 'Main Street'],
  ['Essendon', '3040', -37.7558, 144.9167, 'Mount Alexander Road'],
  ['Moonee Ponds', '3039', -37.7654, 144.9197, 'Puckle Street'],
  ['Pascoe Vale', '3044', -37.7295, 144.9369, 'Cumberland Road'],
  ['Bundoora', '3083', -37.6982, 145.0597, 'Plenty Road'],
  ['Greensborough', '3088', -37.7041, 145.1037, 'Main Street'],
  ['Eltham', '3095', -37.7137, 145.1479, 'Main Road'],
  ['Ringwood', '3134', -37.8154, 145.2291, 'Maroondah Highway'],
  ['Croydon', '3136', -37.7954, 145.2829, 'Main Street'],
  ['Boronia', '3155', -37.8604, 145.2849, 'Dorset Road'],
  ['Mitcham', '3132', -37.8182, 145.1921, 'Whitehorse Road'],
  ['Blackburn', '3130', -37.8197, 145.1524, 'Railway Road'],
  ['Balwyn', '3103', -37.8093, 145.0805, 'Whitehorse Road'],
  ['Ivanhoe', '3079', -37.7689, 145.0449, 'Upper Heidelberg Road'],
  ['Heidelberg', '3084', -37.7569, 145.0684, 'Burgundy Street'],
  ['Thornbury', '3071', -37.7562, 145.0056, 'High Street'],
  ['Sunbury', '3429', -37.577, 144.7261, 'Evans Street'],
  ['Craigieburn', '3064', -37.5995, 144.9436, 'Craigieburn Road'],
  ['Epping', '3076', -37.6444, 145.0253, 'High Street'],
  ['Mill Park', '3082', -37.6661, 145.0629, 'Plenty Road'],
  ['Carrum Downs', '3201', -38.0985, 145.1784, 'Frankston-Dandenong Road'],
  ['Mordialloc', '3195', -38.0055, 145.0868, 'Main Street'],
];

export const KITCHENS = [
  'Burgers',
  'Pizza',
  'Thai',
  'Indian',
  'Mexican',
  'Korean',
  'Japanese',
  'Vietnamese',
  'Lebanese',
  'Desserts',
  'Healthy',
  'Chicken',
] as const;
export type Kitchen = (typeof KITCHENS)[number];

// ---------------------------------------------------------------------------------------------
// Stock
// ---------------------------------------------------------------------------------------------

export const STOCK_UNITS: { qtyType: string; wholeUnits: boolean }[] = [
  { qtyType: 'kg', wholeUnits: false },
  { qtyType: 'L', wholeUnits: false },
  { qtyType: 'box', wholeUnits: true },
  { qtyType: 'bag', wholeUnits: true },
  { qtyType: 'bottle', wholeUnits: true },
  { qtyType: 'each', wholeUnits: true },
  { qtyType: 'pack', wholeUnits: true },
  { qtyType: 'tray', wholeUnits: true },
  { qtyType: 'tub', wholeUnits: true },
  { qtyType: 'can', wholeUnits: true },
  { qtyType: 'carton', wholeUnits: true },
  { qtyType: 'roll', wholeUnits: true },
];

export interface StockItemDef {
  key: string;
  name: string;
  unit: string;
  /** Base price; each location's price varies a little around it. */
  price: string;
  par: string;
  /** Basic food is GST-free in Australia; packaging, drinks, ice cream, cleaning carry GST. */
  gst: boolean;
  expiry: boolean;
  disabled?: boolean;
}

const food = (
  key: string,
  name: string,
  unit: string,
  price: string,
  par: string,
  expiry = true,
): StockItemDef => ({
  key,
  name,
  unit,
  price,
  par,
  gst: false,
  expiry,
});
const taxed = (
  key: string,
  name: string,
  unit: string,
  price: string,
  par: string,
  expiry = false,
): StockItemDef => ({
  key,
  name,
  unit,
  price,
  par,
  gst: true,
  expiry,
});

export const STOCK_ITEMS: StockItemDef[] = [
  // proteins
  food('patty', 'Beef patties 100g (box of 40)', 'box', '54.00', '4'),
  food('thigh', 'Chicken thigh fillets', 'kg', '13.50', '10.000'),
  food('breast', 'Chicken breast', 'kg', '12.90', '6.000'),
  food('wings', 'Chicken wings', 'kg', '8.90', '8.000'),
  food('brisket', 'Beef brisket', 'kg', '18.50', '5.000'),
  food('lamb', 'Lamb shoulder', 'kg', '19.90', '4.000'),
  food('pork', 'Pork shoulder', 'kg', '12.40', '4.000'),
  food('tofu', 'Firm tofu', 'kg', '6.50', '3.000'),
  food('salmon', 'Salmon fillets', 'kg', '32.00', '3.000'),
  food('prawns', 'Prawns (raw, peeled)', 'kg', '24.00', '2.000'),
  food('eggs', 'Free range eggs (tray of 30)', 'tray', '11.50', '4'),
  // dairy
  food('mozz', 'Mozzarella', 'kg', '12.80', '10.000'),
  food('cheddar', 'Cheddar slices (pack of 84)', 'pack', '16.90', '3'),
  food('feta', 'Feta', 'kg', '14.50', '2.000'),
  food('yoghurt', 'Greek yoghurt', 'kg', '6.90', '4.000'),
  food('cream', 'Thickened cream', 'L', '7.80', '3.000'),
  food('butter', 'Butter', 'kg', '11.50', '2.000'),
  food('milk', 'Full cream milk', 'L', '1.70', '10.000'),
  // bakery and dry goods
  food('buns', 'Burger buns (pack of 12)', 'pack', '6.90', '10'),
  food('dough', 'Pizza dough balls 250g (tray of 20)', 'tray', '22.00', '6'),
  food('tortillas', 'Flour tortillas 10in (pack of 12)', 'pack', '5.80', '8'),
  food('pita', 'Lebanese bread (pack of 10)', 'pack', '4.20', '8'),
  food('jasmine', 'Jasmine rice (bag 10kg)', 'bag', '21.00', '4', false),
  food('sushirice', 'Sushi rice (bag 10kg)', 'bag', '29.50', '2', false),
  food('basmati', 'Basmati rice (bag 10kg)', 'bag', '24.00', '3', false),
  food('ricenoodle', 'Rice noodles (box of 10 x 400g)', 'box', '18.00', '3', false),
  food('ramen', 'Ramen noodles (pack of 5)', 'pack', '8.50', '6', false),
  food('flour', 'Plain flour (bag 12.5kg)', 'bag', '16.50', '2', false),
  food('panko', 'Panko breadcrumbs (bag 1kg)', 'bag', '6.40', '3', false),
  food('nori', 'Nori sheets (pack of 50)', 'pack', '14.00', '2', false),
  // produce
  food('potatoes', 'Potatoes', 'kg', '2.20', '15.000'),
  food('chips', 'Frozen chips 2.5kg (bag)', 'bag', '9.50', '8'),
  food('onions', 'Brown onions', 'kg', '1.90', '10.000'),
  food('lettuce', 'Iceberg lettuce', 'each', '2.50', '10'),
  food('tomatoes', 'Tomatoes', 'kg', '5.50', '6.000'),
  food('avocado', 'Avocados', 'each', '1.60', '20'),
  food('herbs', 'Fresh herb mix (coriander, mint, basil)', 'bag', '3.90', '10'),
  food('salad', 'Mixed salad leaves', 'kg', '11.00', '3.000'),
  food('cabbage', 'Cabbage', 'each', '3.20', '6'),
  food('sprouts', 'Bean sprouts', 'kg', '4.50', '3.000'),
  food('chickpeas', 'Chickpeas (can 2.5kg)', 'can', '6.20', '4', false),
  food('crushed', 'Crushed tomatoes (can 2.5kg)', 'can', '5.90', '8', false),
  // sauces and pantry (basic food, GST-free)
  food('oil', 'Canola oil', 'L', '3.10', '40.000', false),
  food('burgersauce', 'Burger sauce (bottle 2L)', 'bottle', '14.50', '3', false),
  food('soy', 'Soy sauce (bottle 2L)', 'bottle', '9.90', '2', false),
  food('fishsauce', 'Fish sauce (bottle 700ml)', 'bottle', '4.80', '2', false),
  food('gochujang', 'Gochujang (tub 1kg)', 'tub', '11.90', '2', false),
  food('currypaste', 'Green curry paste (tub 1kg)', 'tub', '13.50', '2', false),
  food('masala', 'Tikka masala paste (tub 2kg)', 'tub', '19.00', '2', false),
  food('coconut', 'Coconut milk (can 400ml)', 'can', '1.90', '24', false),
  food('tahini', 'Tahini (tub 1kg)', 'tub', '10.50', '1', false),
  food('salsa', 'Salsa roja (tub 2kg)', 'tub', '16.00', '2'),
  // desserts and drinks (taxable)
  taxed('icecream', 'Vanilla ice cream (tub 5L)', 'tub', '18.90', '2', true),
  taxed('chocolate', 'Chocolate callets (bag 2.5kg)', 'bag', '42.00', '1'),
  taxed('brownie', 'Brownie slab (tray of 24)', 'tray', '38.00', '2', true),
  taxed('coke', 'Coca-Cola 375ml (24 pack)', 'pack', '23.50', '4'),
  taxed('water', 'Sparkling water 500ml (24 pack)', 'pack', '19.00', '3'),
  taxed('teamix', 'Thai iced tea mix (bag 1kg)', 'bag', '17.50', '1'),
  // packaging
  taxed('container', 'Takeaway containers 750ml (box of 500)', 'box', '68.00', '2'),
  taxed('burgerbox', 'Burger boxes (box of 250)', 'box', '49.00', '2'),
  taxed('pizzabox', 'Pizza boxes 12in (box of 100)', 'box', '45.00', '2'),
  taxed('bags', 'Kraft paper bags (pack of 250)', 'pack', '32.00', '3'),
  taxed('napkins', 'Napkins (carton of 5000)', 'carton', '39.00', '1'),
  taxed('cutlery', 'Wooden cutlery sets (box of 500)', 'box', '42.00', '1'),
  taxed('saucecups', 'Sauce cups 2oz with lids (box of 1000)', 'box', '36.00', '1'),
  taxed('gloves', 'Disposable gloves (box of 100)', 'box', '9.50', '6'),
  taxed('cling', 'Cling wrap roll 45cm', 'roll', '21.00', '1'),
  // cleaning
  taxed('dishwash', 'Dishwashing liquid (5L)', 'bottle', '14.90', '2'),
  taxed('sanitiser', 'Sanitiser spray (bottle 750ml)', 'bottle', '6.50', '4'),
  // no longer ordered
  { ...food('pumpkin', 'Butternut pumpkin', 'kg', '3.40', '0.000'), disabled: true },
  { ...food('halloumi', 'Halloumi', 'kg', '21.00', '0.000'), disabled: true },
  { ...taxed('straws', 'Paper straws (box of 500)', 'box', '18.00', '0'), disabled: true },
];

// ---------------------------------------------------------------------------------------------
// Brands and menus
// ---------------------------------------------------------------------------------------------

export interface MealDef {
  name: string;
  price: string;
  categoryId: number;
  description: string;
  /** Stock used by one unit of the meal: [stock item key, quantity in the item's unit]. */
  bundle?: [string, string][];
  /** Indexes into the brand's combo list. */
  combos?: number[];
  /** Free pick-one choices. */
  subitems?: readonly string[];
  /** 'Waiting for review' meals exist only at the brand's first location (an operator just added them). */
  status?: MealStatus;
}

export interface BrandDef {
  title: string;
  slug: string;
  kitchens: Kitchen[];
  description: string;
  combos: [name: string, price: string][];
  meals: MealDef[];
}

const SPICE = ['Mild', 'Medium', 'Hot'] as const;
const PROTEIN = ['Beef', 'Chicken', 'Tofu'] as const;

export const BRANDS: BrandDef[] = [
  {
    title: 'Smash Bros Burgers',
    slug: 'smash-bros-burgers',
    kitchens: ['Burgers'],
    description: 'Crispy-edged smashed beef burgers on soft milk buns.',
    combos: [
      ['Extra cheese', '2.00'],
      ['Add bacon', '3.50'],
      ['Add fries', '4.50'],
      ['Make it a meal (fries + drink)', '7.00'],
    ],
    meals: [
      {
        name: 'Classic Smash',
        price: '14.90',
        categoryId: MAINS,
        description: 'Smashed beef patty, American cheese, pickles, onion and house sauce on a milk bun.',
        bundle: [
          ['patty', '0.025'],
          ['buns', '0.083'],
          ['cheddar', '0.012'],
          ['burgerbox', '0.004'],
        ],
        combos: [0, 1, 2],
      },
      {
        name: 'Double Smash',
        price: '18.50',
        categoryId: MAINS,
        description: 'Two smashed patties, double cheese, pickles and house sauce.',
        bundle: [
          ['patty', '0.050'],
          ['buns', '0.083'],
          ['cheddar', '0.024'],
          ['burgerbox', '0.004'],
        ],
        combos: [0, 1, 3],
      },
      {
        name: 'Bacon Jam Smash',
        price: '17.90',
        categoryId: MAINS,
        description: 'Beef patty, smoky bacon jam, cheddar and crispy onions.',
        bundle: [
          ['patty', '0.025'],
          ['buns', '0.083'],
          ['cheddar', '0.012'],
          ['onions', '0.040'],
        ],
        combos: [0, 2],
      },
      {
        name: 'Crispy Chicken Burger',
        price: '16.90',
        categoryId: MAINS,
        description: 'Buttermilk fried chicken thigh, slaw and pickles, as hot as you like.',
        bundle: [
          ['thigh', '0.160'],
          ['buns', '0.083'],
          ['cabbage', '0.050'],
          ['burgerbox', '0.004'],
        ],
        combos: [0, 2],
        subitems: SPICE,
      },
      {
        name: 'Mushroom Swiss Smash',
        price: '17.50',
        categoryId: MAINS,
        description: 'Beef patty, garlic mushrooms and melted Swiss cheese.',
        bundle: [
          ['patty', '0.025'],
          ['buns', '0.083'],
        ],
        status: 'Waiting for review',
      },
      {
        name: 'Beyond Smash',
        price: '18.90',
        categoryId: MAINS,
        description: 'Plant-based patty, vegan cheese and smoky mayo.',
        bundle: [['buns', '0.083']],
        status: 'Disabled',
      },
      {
        name: 'Smash Meal Deal',
        price: '22.90',
        categoryId: COMBOS,
        description: 'Classic Smash, regular fries and a can of soft drink.',
        bundle: [
          ['patty', '0.025'],
          ['buns', '0.083'],
          ['chips', '0.060'],
          ['coke', '0.042'],
        ],
        subitems: ['Coca-Cola', 'Coke No Sugar', 'Sprite'],
      },
      {
        name: 'Fries',
        price: '5.90',
        categoryId: SIDES,
        description: 'Crispy shoestring fries.',
        bundle: [
          ['chips', '0.060'],
          ['oil', '0.030'],
        ],
        subitems: ['Plain salt', 'Chicken salt', 'Rosemary salt'],
      },
      {
        name: 'Onion Rings',
        price: '7.50',
        categoryId: SIDES,
        description: 'Beer-battered onion rings with aioli.',
        bundle: [
          ['onions', '0.150'],
          ['flour', '0.004'],
        ],
      },
      {
        name: 'Thick Shake',
        price: '8.50',
        categoryId: DRINKS,
        description: 'Proper thick shake made with vanilla ice cream.',
        bundle: [
          ['icecream', '0.030'],
          ['milk', '0.200'],
        ],
        subitems: ['Chocolate', 'Vanilla', 'Strawberry', 'Salted caramel'],
      },
      {
        name: 'Coca-Cola 375ml',
        price: '4.00',
        categoryId: DRINKS,
        description: 'Ice cold can.',
        bundle: [['coke', '0.042']],
      },
    ],
  },
  {
    title: 'Napoli Slice',
    slug: 'napoli-slice',
    kitchens: ['Pizza'],
    description: 'Neapolitan-style pizza, 48-hour dough, blistered in a hot oven.',
    combos: [
      ['Extra mozzarella', '3.00'],
      ['Gluten-free base', '4.00'],
      ['Add garlic bread', '6.00'],
    ],
    meals: [
      {
        name: 'Margherita',
        price: '19.00',
        categoryId: MAINS,
        description: 'San Marzano tomato, fior di latte, basil and olive oil.',
        bundle: [
          ['dough', '0.050'],
          ['mozz', '0.150'],
          ['crushed', '0.040'],
          ['pizzabox', '0.010'],
        ],
        combos: [0, 1, 2],
      },
      {
        name: 'Pepperoni',
        price: '22.00',
        categoryId: MAINS,
        description: 'Tomato, mozzarella and spicy pepperoni.',
        bundle: [
          ['dough', '0.050'],
          ['mozz', '0.150'],
          ['crushed', '0.040'],
          ['pizzabox', '0.010'],
        ],
        combos: [0, 1, 2],
      },
      {
        name: 'Capricciosa',
        price: '24.00',
        categoryId: MAINS,
        description: 'Ham, mushrooms, artichoke, olives and mozzarella.',
        bundle: [
          ['dough', '0.050'],
          ['mozz', '0.140'],
          ['crushed', '0.040'],
          ['pizzabox', '0.010'],
        ],
        combos: [0, 1],
      },
      {
        name: 'Quattro Formaggi',
        price: '24.50',
        categoryId: MAINS,
        description: 'Mozzarella, gorgonzola, parmesan and fontina, no tomato.',
        bundle: [
          ['dough', '0.050'],
          ['mozz', '0.200'],
          ['pizzabox', '0.010'],
        ],
        combos: [1],
      },
      {
        name: 'Diavola',
        price: '23.50',
        categoryId: MAINS,
        description: 'Hot salami, chilli, tomato and mozzarella.',
        bundle: [
          ['dough', '0.050'],
          ['mozz', '0.150'],
          ['crushed', '0.040'],
          ['pizzabox', '0.010'],
        ],
        combos: [0, 1],
        subitems: ['Hot', 'Extra hot'],
      },
      {
        name: 'Prosciutto e Rucola',
        price: '26.00',
        categoryId: MAINS,
        description: 'Prosciutto, rocket, shaved parmesan on a tomato base.',
        bundle: [
          ['dough', '0.050'],
          ['mozz', '0.120'],
          ['salad', '0.030'],
          ['pizzabox', '0.010'],
        ],
        combos: [0, 1],
      },
      {
        name: 'Garlic Bread',
        price: '8.50',
        categoryId: SIDES,
        description: 'Wood-fired pizza bread with garlic butter and rosemary.',
        bundle: [
          ['dough', '0.050'],
          ['butter', '0.020'],
        ],
        combos: [0],
      },
      {
        name: 'Tiramisu',
        price: '9.50',
        categoryId: DESSERTS,
        description: 'Mascarpone, espresso-soaked savoiardi and cocoa.',
        bundle: [
          ['cream', '0.080'],
          ['eggs', '0.033'],
        ],
      },
      {
        name: 'Sparkling Water 500ml',
        price: '4.50',
        categoryId: DRINKS,
        description: 'Italian sparkling mineral water.',
        bundle: [['water', '0.042']],
      },
    ],
  },
  {
    title: 'Bangkok Street',
    slug: 'bangkok-street',
    kitchens: ['Thai'],
    description: 'Street-food classics from Bangkok, wok-fired to order.',
    combos: [
      ['Add fried egg', '2.50'],
      ['Extra chicken', '4.00'],
      ['Jasmine rice', '3.50'],
    ],
    meals: [
      {
        name: 'Pad Thai',
        price: '17.90',
        categoryId: MAINS,
        description: 'Rice noodles, tamarind, egg, bean sprouts and crushed peanuts.',
        bundle: [
          ['ricenoodle', '0.025'],
          ['thigh', '0.150'],
          ['sprouts', '0.050'],
          ['container', '0.002'],
        ],
        combos: [0, 1],
        subitems: PROTEIN,
      },
      {
        name: 'Green Curry',
        price: '18.90',
        categoryId: MAINS,
        description: 'Green curry with coconut milk, Thai eggplant and basil.',
        bundle: [
          ['currypaste', '0.040'],
          ['coconut', '0.500'],
          ['thigh', '0.150'],
          ['container', '0.002'],
        ],
        combos: [1, 2],
        subitems: PROTEIN,
      },
      {
        name: 'Massaman Beef',
        price: '20.50',
        categoryId: MAINS,
        description: 'Slow-cooked beef, potato and peanuts in a mild massaman curry.',
        bundle: [
          ['brisket', '0.180'],
          ['potatoes', '0.100'],
          ['coconut', '0.500'],
          ['container', '0.002'],
        ],
        combos: [2],
      },
      {
        name: 'Pad See Ew',
        price: '17.90',
        categoryId: MAINS,
        description: 'Wide rice noodles, Chinese broccoli, egg and sweet soy.',
        bundle: [
          ['ricenoodle', '0.030'],
          ['eggs', '0.033'],
          ['soy', '0.010'],
          ['container', '0.002'],
        ],
        combos: [0, 1],
        subitems: PROTEIN,
      },
      {
        name: 'Tom Yum Soup',
        price: '15.90',
        categoryId: MAINS,
        description: 'Hot and sour soup with prawns, lemongrass and mushrooms.',
        bundle: [
          ['prawns', '0.100'],
          ['fishsauce', '0.020'],
          ['container', '0.002'],
        ],
        subitems: SPICE,
      },
      {
        name: 'Chicken Satay Skewers (4)',
        price: '12.50',
        categoryId: SIDES,
        description: 'Chargrilled chicken skewers with peanut sauce.',
        bundle: [
          ['thigh', '0.160'],
          ['coconut', '0.250'],
        ],
      },
      {
        name: 'Thai Iced Tea',
        price: '6.50',
        categoryId: DRINKS,
        description: 'Sweet spiced black tea with condensed milk.',
        bundle: [
          ['teamix', '0.020'],
          ['milk', '0.100'],
        ],
      },
      {
        name: 'Mango Sticky Rice',
        price: '9.90',
        categoryId: DESSERTS,
        description: 'Sweet coconut sticky rice with fresh mango (in season).',
        bundle: [['coconut', '0.250']],
        status: 'Disabled',
      },
    ],
  },
  {
    title: 'Curry Leaf',
    slug: 'curry-leaf',
    kitchens: ['Indian'],
    description: 'North and South Indian curries, slow-cooked every morning.',
    combos: [
      ['Garlic naan', '4.50'],
      ['Extra basmati rice', '3.50'],
      ['Raita', '3.00'],
    ],
    meals: [
      {
        name: 'Butter Chicken',
        price: '21.90',
        categoryId: MAINS,
        description: 'Tandoori chicken in a rich tomato, butter and cream sauce, with basmati rice.',
        bundle: [
          ['thigh', '0.180'],
          ['masala', '0.030'],
          ['cream', '0.050'],
          ['basmati', '0.010'],
        ],
        combos: [0, 1, 2],
        subitems: SPICE,
      },
      {
        name: 'Lamb Rogan Josh',
        price: '23.90',
        categoryId: MAINS,
        description: 'Kashmiri lamb curry with aromatic spices, with basmati rice.',
        bundle: [
          ['lamb', '0.180'],
          ['crushed', '0.040'],
          ['basmati', '0.010'],
          ['container', '0.002'],
        ],
        combos: [0, 1],
        subitems: SPICE,
      },
      {
        name: 'Chicken Tikka Masala',
        price: '21.90',
        categoryId: MAINS,
        description: 'Chargrilled chicken tikka in a spiced masala gravy.',
        bundle: [
          ['thigh', '0.180'],
          ['masala', '0.040'],
          ['basmati', '0.010'],
        ],
        combos: [0, 1, 2],
        subitems: SPICE,
      },
      {
        name: 'Chana Masala',
        price: '17.90',
        categoryId: MAINS,
        description: 'Chickpeas simmered with tomato, ginger and garam masala (vegan).',
        bundle: [
          ['chickpeas', '0.080'],
          ['crushed', '0.040'],
          ['onions', '0.060'],
          ['basmati', '0.010'],
        ],
        combos: [0, 1],
        subitems: SPICE,
      },
      {
        name: 'Palak Paneer',
        price: '19.50',
        categoryId: MAINS,
        description: 'Cottage cheese in a creamy spinach sauce.',
        bundle: [
          ['cream', '0.060'],
          ['butter', '0.020'],
          ['basmati', '0.010'],
        ],
        combos: [0, 1],
      },
      {
        name: 'Vegetable Samosas (3)',
        price: '9.50',
        categoryId: SIDES,
        description: 'Crisp pastry filled with spiced potato and peas, with tamarind chutney.',
        bundle: [
          ['potatoes', '0.120'],
          ['flour', '0.006'],
          ['oil', '0.050'],
        ],
      },
      {
        name: 'Mango Lassi',
        price: '6.90',
        categoryId: DRINKS,
        description: 'Alphonso mango blended with yoghurt.',
        bundle: [
          ['yoghurt', '0.200'],
          ['milk', '0.100'],
        ],
      },
      {
        name: 'Gulab Jamun',
        price: '7.50',
        categoryId: DESSERTS,
        description: 'Warm milk dumplings in rose and cardamom syrup.',
        bundle: [['milk', '0.150']],
      },
    ],
  },
  {
    title: 'El Taco Loco',
    slug: 'el-taco-loco',
    kitchens: ['Mexican'],
    description: 'Tacos, burritos and loaded nachos, Mexico City style.',
    combos: [
      ['Add guacamole', '3.50'],
      ['Extra cheese', '2.00'],
      ['Add corn chips', '4.00'],
    ],
    meals: [
      {
        name: 'Beef Birria Tacos (3)',
        price: '19.50',
        categoryId: MAINS,
        description: 'Slow-braised beef, melted cheese and consommé for dipping.',
        bundle: [
          ['brisket', '0.150'],
          ['tortillas', '0.250'],
          ['mozz', '0.050'],
          ['container', '0.002'],
        ],
        combos: [0, 1],
      },
      {
        name: 'Chicken Tinga Tacos (3)',
        price: '17.50',
        categoryId: MAINS,
        description: 'Chipotle chicken, pickled onion and coriander.',
        bundle: [
          ['thigh', '0.150'],
          ['tortillas', '0.250'],
          ['herbs', '0.050'],
        ],
        combos: [0, 1],
      },
      {
        name: 'Carnitas Burrito',
        price: '18.90',
        categoryId: MAINS,
        description: 'Slow-cooked pork, rice, black beans, cheese and salsa.',
        bundle: [
          ['pork', '0.160'],
          ['tortillas', '0.083'],
          ['jasmine', '0.010'],
          ['salsa', '0.030'],
        ],
        combos: [0, 1, 2],
        subitems: SPICE,
      },
      {
        name: 'Veggie Burrito',
        price: '16.90',
        categoryId: MAINS,
        description: 'Roasted vegetables, rice, beans, cheese and avocado salsa.',
        bundle: [
          ['tortillas', '0.083'],
          ['avocado', '0.500'],
          ['jasmine', '0.010'],
        ],
        combos: [0, 1, 2],
        subitems: SPICE,
      },
      {
        name: 'Loaded Nachos',
        price: '16.50',
        categoryId: MAINS,
        description: 'Corn chips, cheese sauce, salsa, sour cream and jalapeños.',
        bundle: [
          ['mozz', '0.080'],
          ['salsa', '0.050'],
          ['container', '0.002'],
        ],
        combos: [0, 1],
        subitems: ['Beef', 'Chicken', 'Beans'],
      },
      {
        name: 'Chicken Quesadilla',
        price: '15.90',
        categoryId: MAINS,
        description: 'Grilled tortilla with chicken, cheese and peppers.',
        bundle: [
          ['thigh', '0.120'],
          ['tortillas', '0.083'],
          ['mozz', '0.060'],
        ],
        combos: [0],
      },
      {
        name: 'Churros',
        price: '8.90',
        categoryId: DESSERTS,
        description: 'Cinnamon sugar churros with chocolate dipping sauce.',
        bundle: [
          ['flour', '0.008'],
          ['chocolate', '0.016'],
          ['oil', '0.050'],
        ],
      },
      {
        name: 'Horchata',
        price: '6.50',
        categoryId: DRINKS,
        description: 'Cinnamon rice milk over ice.',
        bundle: [
          ['milk', '0.150'],
          ['jasmine', '0.003'],
        ],
      },
    ],
  },
  {
    title: 'Seoul Fried',
    slug: 'seoul-fried',
    kitchens: ['Korean', 'Chicken'],
    description: 'Double-fried Korean chicken and bibimbap.',
    combos: [
      ['Extra sauce', '1.50'],
      ['Add kimchi', '3.00'],
      ['Add steamed rice', '3.00'],
    ],
    meals: [
      {
        name: 'Yangnyeom Chicken (half)',
        price: '22.90',
        categoryId: MAINS,
        description: 'Half a chicken, double-fried and glazed.',
        bundle: [
          ['wings', '0.500'],
          ['gochujang', '0.030'],
          ['flour', '0.008'],
          ['oil', '0.100'],
        ],
        combos: [0, 1],
        subitems: ['Original', 'Yangnyeom', 'Soy garlic'],
      },
      {
        name: 'Boneless Fried Chicken',
        price: '19.90',
        categoryId: MAINS,
        description: 'Crunchy boneless thigh pieces with pickled radish.',
        bundle: [
          ['thigh', '0.250'],
          ['flour', '0.008'],
          ['oil', '0.080'],
          ['container', '0.002'],
        ],
        combos: [0, 1, 2],
        subitems: ['Original', 'Yangnyeom', 'Soy garlic'],
      },
      {
        name: 'Korean Fried Wings (8)',
        price: '16.90',
        categoryId: MAINS,
        description: 'Eight wings, tossed in your sauce of choice.',
        bundle: [
          ['wings', '0.400'],
          ['oil', '0.080'],
        ],
        combos: [0],
        subitems: ['Original', 'Yangnyeom', 'Soy garlic'],
      },
      {
        name: 'Bibimbap',
        price: '18.50',
        categoryId: MAINS,
        description: 'Rice bowl with seasoned vegetables, fried egg and gochujang.',
        bundle: [
          ['jasmine', '0.015'],
          ['eggs', '0.033'],
          ['gochujang', '0.020'],
          ['container', '0.002'],
        ],
        combos: [1],
        subitems: PROTEIN,
      },
      {
        name: 'Kimchi Fried Rice',
        price: '16.90',
        categoryId: MAINS,
        description: 'Wok-fried rice with kimchi, pork and a fried egg.',
        bundle: [
          ['jasmine', '0.015'],
          ['pork', '0.080'],
          ['eggs', '0.033'],
        ],
        combos: [0],
      },
      {
        name: 'Tteokbokki',
        price: '14.90',
        categoryId: MAINS,
        description: 'Chewy rice cakes in sweet and spicy gochujang sauce.',
        bundle: [['gochujang', '0.040']],
        subitems: SPICE,
      },
      {
        name: 'Korean Corn Dog',
        price: '8.50',
        categoryId: SIDES,
        description: 'Mozzarella and sausage corn dog rolled in panko.',
        bundle: [
          ['mozz', '0.050'],
          ['panko', '0.030'],
          ['oil', '0.050'],
        ],
      },
      {
        name: 'Coca-Cola 375ml',
        price: '4.00',
        categoryId: DRINKS,
        description: 'Ice cold can.',
        bundle: [['coke', '0.042']],
      },
    ],
  },
  {
    title: 'Tokyo Bowl',
    slug: 'tokyo-bowl',
    kitchens: ['Japanese'],
    description: 'Donburi, ramen and poke made with Japanese short-grain rice.',
    combos: [
      ['Extra salmon', '5.00'],
      ['Add miso soup', '3.50'],
      ['Add edamame', '4.50'],
    ],
    meals: [
      {
        name: 'Salmon Poke Bowl',
        price: '19.90',
        categoryId: MAINS,
        description: 'Fresh salmon, sushi rice, avocado, edamame and ponzu.',
        bundle: [
          ['salmon', '0.120'],
          ['sushirice', '0.015'],
          ['avocado', '0.500'],
          ['container', '0.002'],
        ],
        combos: [0, 1, 2],
      },
      {
        name: 'Chicken Katsu Curry',
        price: '19.50',
        categoryId: MAINS,
        description: 'Panko chicken cutlet, Japanese curry and rice.',
        bundle: [
          ['breast', '0.180'],
          ['panko', '0.040'],
          ['sushirice', '0.015'],
          ['container', '0.002'],
        ],
        combos: [1],
        subitems: SPICE,
      },
      {
        name: 'Teriyaki Chicken Don',
        price: '17.90',
        categoryId: MAINS,
        description: 'Grilled chicken thigh glazed with teriyaki on rice.',
        bundle: [
          ['thigh', '0.180'],
          ['soy', '0.010'],
          ['sushirice', '0.015'],
        ],
        combos: [1, 2],
      },
      {
        name: 'Tonkotsu Ramen',
        price: '18.90',
        categoryId: MAINS,
        description: 'Rich pork broth, chashu, egg, nori and spring onion.',
        bundle: [
          ['ramen', '0.200'],
          ['pork', '0.100'],
          ['eggs', '0.033'],
          ['nori', '0.020'],
        ],
        combos: [2],
        subitems: ['Regular', 'Spicy'],
      },
      {
        name: 'Salmon Nigiri (6)',
        price: '14.50',
        categoryId: MAINS,
        description: 'Six pieces of salmon nigiri with wasabi and pickled ginger.',
        bundle: [
          ['salmon', '0.090'],
          ['sushirice', '0.010'],
        ],
      },
      {
        name: 'Gyoza (6)',
        price: '9.90',
        categoryId: SIDES,
        description: 'Pan-fried dumplings with dipping sauce.',
        bundle: [
          ['pork', '0.080'],
          ['cabbage', '0.100'],
          ['flour', '0.004'],
        ],
        subitems: ['Pork', 'Vegetable'],
      },
      {
        name: 'Matcha Ice Cream',
        price: '6.90',
        categoryId: DESSERTS,
        description: 'Two scoops of green tea ice cream.',
        bundle: [['icecream', '0.030']],
      },
    ],
  },
  {
    title: 'Pho Real',
    slug: 'pho-real',
    kitchens: ['Vietnamese'],
    description: 'Twelve-hour beef broth, banh mi and fresh rice-paper rolls.',
    combos: [
      ['Extra beef', '4.50'],
      ['Add spring rolls', '6.00'],
      ['Extra noodles', '3.00'],
    ],
    meals: [
      {
        name: 'Beef Pho',
        price: '17.90',
        categoryId: MAINS,
        description: 'Beef bone broth, rice noodles, herbs and bean sprouts.',
        bundle: [
          ['brisket', '0.150'],
          ['ricenoodle', '0.050'],
          ['sprouts', '0.050'],
          ['herbs', '0.100'],
        ],
        combos: [0, 1, 2],
        subitems: ['Rare beef', 'Brisket', 'Combination'],
      },
      {
        name: 'Chicken Pho',
        price: '16.90',
        categoryId: MAINS,
        description: 'Clear chicken broth with poached chicken and rice noodles.',
        bundle: [
          ['breast', '0.150'],
          ['ricenoodle', '0.050'],
          ['herbs', '0.100'],
        ],
        combos: [1, 2],
      },
      {
        name: 'Banh Mi Pork',
        price: '12.90',
        categoryId: MAINS,
        description: 'Crusty roll with crackling pork, pâté, pickles and chilli.',
        bundle: [
          ['pork', '0.120'],
          ['herbs', '0.050'],
        ],
        subitems: ['Mild', 'Hot'],
      },
      {
        name: 'Banh Mi Chicken',
        price: '12.50',
        categoryId: MAINS,
        description: 'Lemongrass chicken, pickled carrot, coriander and mayo.',
        bundle: [
          ['thigh', '0.120'],
          ['herbs', '0.050'],
        ],
        subitems: ['Mild', 'Hot'],
      },
      {
        name: 'Lemongrass Chicken Vermicelli',
        price: '17.50',
        categoryId: MAINS,
        description: 'Grilled chicken on vermicelli with salad and nuoc cham.',
        bundle: [
          ['thigh', '0.150'],
          ['ricenoodle', '0.040'],
          ['fishsauce', '0.020'],
          ['container', '0.002'],
        ],
        combos: [1],
      },
      {
        name: 'Vietnamese Spring Rolls (4)',
        price: '9.50',
        categoryId: SIDES,
        description: 'Crispy pork and vegetable rolls with lettuce and mint.',
        bundle: [
          ['pork', '0.080'],
          ['lettuce', '0.250'],
          ['oil', '0.050'],
        ],
      },
      {
        name: 'Vietnamese Iced Coffee',
        price: '6.00',
        categoryId: DRINKS,
        description: 'Strong drip coffee with condensed milk over ice.',
      },
    ],
  },
  {
    title: 'Beirut Grill',
    slug: 'beirut-grill',
    kitchens: ['Lebanese'],
    description: 'Charcoal-grilled shawarma, falafel and mezze.',
    combos: [
      ['Extra hummus', '3.00'],
      ['Add chips', '4.50'],
      ['Extra garlic sauce', '1.50'],
    ],
    meals: [
      {
        name: 'Chicken Shawarma Wrap',
        price: '15.90',
        categoryId: MAINS,
        description: 'Marinated chicken, garlic toum, pickles and chips in Lebanese bread.',
        bundle: [
          ['thigh', '0.150'],
          ['pita', '0.100'],
          ['chips', '0.020'],
        ],
        combos: [0, 1, 2],
        subitems: ['Mild', 'Hot'],
      },
      {
        name: 'Lamb Shawarma Plate',
        price: '23.90',
        categoryId: MAINS,
        description: 'Lamb shawarma with rice, hummus, tabouli and bread.',
        bundle: [
          ['lamb', '0.200'],
          ['basmati', '0.010'],
          ['chickpeas', '0.030'],
          ['container', '0.002'],
        ],
        combos: [0, 2],
      },
      {
        name: 'Mixed Grill Plate',
        price: '28.90',
        categoryId: MAINS,
        description: 'Shish tawook, kafta and lamb skewers with sides.',
        bundle: [
          ['lamb', '0.150'],
          ['thigh', '0.150'],
          ['pita', '0.100'],
          ['container', '0.002'],
        ],
        combos: [0, 1, 2],
      },
      {
        name: 'Falafel Wrap',
        price: '14.50',
        categoryId: MAINS,
        description: 'Falafel, hummus, tahini, tomato and pickled turnip (vegan).',
        bundle: [
          ['chickpeas', '0.050'],
          ['pita', '0.100'],
          ['tahini', '0.020'],
          ['tomatoes', '0.050'],
        ],
        combos: [0, 1],
        subitems: ['Mild', 'Hot'],
      },
      {
        name: 'Hummus & Pita',
        price: '10.90',
        categoryId: SIDES,
        description: 'Creamy hummus with olive oil and warm bread.',
        bundle: [
          ['chickpeas', '0.060'],
          ['tahini', '0.020'],
          ['pita', '0.200'],
        ],
      },
      {
        name: 'Fattoush Salad',
        price: '12.90',
        categoryId: SIDES,
        description: 'Crisp lettuce, tomato, cucumber, sumac and fried bread.',
        bundle: [
          ['lettuce', '0.250'],
          ['tomatoes', '0.080'],
          ['pita', '0.050'],
        ],
      },
      {
        name: 'Baklava (3)',
        price: '7.90',
        categoryId: DESSERTS,
        description: 'Pistachio baklava with orange blossom syrup.',
      },
      {
        name: 'Ayran',
        price: '4.50',
        categoryId: DRINKS,
        description: 'Chilled salted yoghurt drink.',
        bundle: [['yoghurt', '0.150']],
      },
    ],
  },
  {
    title: 'Sweet Tooth',
    slug: 'sweet-tooth',
    kitchens: ['Desserts'],
    description: 'Brownies, waffles, sundaes and shakes until late.',
    combos: [
      ['Extra scoop', '3.50'],
      ['Add chocolate sauce', '1.50'],
      ['Add whipped cream', '2.00'],
    ],
    meals: [
      {
        name: 'Triple Choc Brownie',
        price: '9.50',
        categoryId: DESSERTS,
        description: 'Fudgy brownie with dark, milk and white chocolate.',
        bundle: [['brownie', '0.042']],
        combos: [0, 1, 2],
      },
      {
        name: 'Cookie Dough Sundae',
        price: '12.90',
        categoryId: DESSERTS,
        description: 'Vanilla ice cream, cookie dough, fudge sauce and sprinkles.',
        bundle: [
          ['icecream', '0.040'],
          ['chocolate', '0.010'],
        ],
        combos: [0, 1, 2],
      },
      {
        name: 'Belgian Waffle',
        price: '13.50',
        categoryId: DESSERTS,
        description: 'Warm waffle with ice cream and your topping.',
        bundle: [
          ['flour', '0.008'],
          ['eggs', '0.033'],
          ['icecream', '0.020'],
        ],
        combos: [0, 2],
        subitems: ['Maple', 'Chocolate', 'Berries'],
      },
      {
        name: 'Churro Bites',
        price: '9.90',
        categoryId: DESSERTS,
        description: 'Bite-size churros with dulce de leche.',
        bundle: [
          ['flour', '0.008'],
          ['oil', '0.050'],
        ],
        combos: [1],
      },
      {
        name: 'Sticky Date Pudding',
        price: '11.90',
        categoryId: DESSERTS,
        description: 'Warm date pudding with butterscotch sauce and cream.',
        bundle: [
          ['butter', '0.030'],
          ['cream', '0.050'],
        ],
        status: 'Waiting for review',
      },
      {
        name: 'Affogato',
        price: '8.50',
        categoryId: DESSERTS,
        description: 'Vanilla ice cream drowned in a double espresso.',
        bundle: [['icecream', '0.020']],
      },
      {
        name: 'Thick Shake',
        price: '8.90',
        categoryId: DRINKS,
        description: 'Thick shake with real ice cream.',
        bundle: [
          ['icecream', '0.030'],
          ['milk', '0.200'],
        ],
        subitems: ['Chocolate', 'Vanilla', 'Strawberry', 'Salted caramel'],
      },
    ],
  },
  {
    title: 'Green Bowl Co.',
    slug: 'green-bowl-co',
    kitchens: ['Healthy'],
    description: 'Fresh grain bowls, salads and smoothies.',
    combos: [
      ['Add avocado', '3.50'],
      ['Add boiled egg', '2.00'],
      ['Extra protein', '5.00'],
    ],
    meals: [
      {
        name: 'Chicken Power Bowl',
        price: '18.50',
        categoryId: MAINS,
        description: 'Grilled chicken, brown rice, greens, edamame and sesame dressing.',
        bundle: [
          ['breast', '0.150'],
          ['salad', '0.060'],
          ['jasmine', '0.010'],
          ['container', '0.002'],
        ],
        combos: [0, 1, 2],
      },
      {
        name: 'Salmon Power Bowl',
        price: '21.90',
        categoryId: MAINS,
        description: 'Seared salmon, greens, avocado and miso dressing.',
        bundle: [
          ['salmon', '0.130'],
          ['salad', '0.060'],
          ['avocado', '0.500'],
          ['container', '0.002'],
        ],
        combos: [0, 1],
      },
      {
        name: 'Falafel Buddha Bowl',
        price: '17.90',
        categoryId: MAINS,
        description: 'Falafel, hummus, roast vegetables and tahini (vegan).',
        bundle: [
          ['chickpeas', '0.060'],
          ['tahini', '0.020'],
          ['salad', '0.050'],
        ],
        combos: [0],
      },
      {
        name: 'Tofu Teriyaki Bowl',
        price: '17.50',
        categoryId: MAINS,
        description: 'Crispy tofu, teriyaki glaze, rice and pickled vegetables.',
        bundle: [
          ['tofu', '0.150'],
          ['soy', '0.010'],
          ['jasmine', '0.010'],
        ],
        combos: [0, 1],
      },
      {
        name: 'Chicken Caesar Salad',
        price: '16.90',
        categoryId: MAINS,
        description: 'Cos lettuce, chicken, parmesan, croutons and egg.',
        bundle: [
          ['breast', '0.120'],
          ['lettuce', '0.500'],
          ['eggs', '0.033'],
        ],
        combos: [0, 1],
      },
      {
        name: 'Green Smoothie',
        price: '9.50',
        categoryId: DRINKS,
        description: 'Spinach, banana, mango, yoghurt and almond milk.',
        bundle: [
          ['yoghurt', '0.100'],
          ['milk', '0.150'],
        ],
      },
      {
        name: 'Protein Balls (2)',
        price: '6.50',
        categoryId: DESSERTS,
        description: 'Date, oat and peanut butter balls.',
        status: 'Disabled',
      },
    ],
  },
  {
    title: 'Cluckin Good',
    slug: 'cluckin-good',
    kitchens: ['Chicken', 'Burgers'],
    description: 'Southern fried chicken, tenders and hot chicken burgers.',
    combos: [
      ['Add chips', '4.50'],
      ['Add gravy', '2.50'],
      ['Add coleslaw', '4.00'],
    ],
    meals: [
      {
        name: '3pc Fried Chicken',
        price: '14.90',
        categoryId: MAINS,
        description: 'Three pieces of buttermilk fried chicken.',
        bundle: [
          ['wings', '0.350'],
          ['flour', '0.008'],
          ['oil', '0.080'],
        ],
        combos: [0, 1, 2],
        subitems: ['Original', 'Spicy'],
      },
      {
        name: '6pc Bucket',
        price: '25.90',
        categoryId: COMBOS,
        description: 'Six pieces, large chips and gravy.',
        bundle: [
          ['wings', '0.700'],
          ['chips', '0.080'],
          ['flour', '0.016'],
          ['oil', '0.150'],
        ],
        combos: [2],
        subitems: ['Original', 'Spicy'],
      },
      {
        name: 'Chicken Tenders (5)',
        price: '15.50',
        categoryId: MAINS,
        description: 'Five crispy tenders with a dipping sauce.',
        bundle: [
          ['breast', '0.200'],
          ['flour', '0.008'],
          ['oil', '0.080'],
        ],
        combos: [0, 1],
        subitems: ['BBQ', 'Honey mustard', 'Ranch'],
      },
      {
        name: 'Hot Chicken Burger',
        price: '15.90',
        categoryId: MAINS,
        description: 'Nashville hot chicken, slaw and pickles on a brioche bun.',
        bundle: [
          ['thigh', '0.160'],
          ['buns', '0.083'],
          ['cabbage', '0.050'],
          ['burgerbox', '0.004'],
        ],
        combos: [0, 2],
        subitems: ['Medium', 'Hot', 'Reaper'],
      },
      {
        name: 'Popcorn Chicken',
        price: '11.90',
        categoryId: SIDES,
        description: 'Bite-size crispy chicken with chicken salt.',
        bundle: [
          ['breast', '0.150'],
          ['oil', '0.050'],
        ],
      },
      {
        name: 'Loaded Chicken Chips',
        price: '13.90',
        categoryId: SIDES,
        description: 'Chips, popcorn chicken, cheese sauce and hot honey.',
        bundle: [
          ['chips', '0.080'],
          ['breast', '0.080'],
          ['mozz', '0.040'],
        ],
      },
      {
        name: 'Coleslaw',
        price: '5.50',
        categoryId: SIDES,
        description: 'Creamy house slaw.',
        bundle: [['cabbage', '0.150']],
      },
      {
        name: 'Coca-Cola 375ml',
        price: '4.00',
        categoryId: DRINKS,
        description: 'Ice cold can.',
        bundle: [['coke', '0.042']],
      },
    ],
  },
];

/** Brands at each of the six base locations (indexes into BRANDS); every brand runs at two. */
export const BRANDS_BY_LOCATION: number[][] = [
  [0, 1, 2, 5],
  [3, 4, 6, 10],
  [0, 7, 8, 9],
  [1, 3, 7, 11],
  [2, 5, 6, 9],
  [4, 8, 10, 11],
];

/** Items every location keeps ordering, whatever its brands. */
export const ALWAYS_ORDERED = [
  'bags',
  'napkins',
  'gloves',
  'saucecups',
  'cutlery',
  'oil',
  'container',
  'sanitiser',
];

// ---------------------------------------------------------------------------------------------
// People and content
// ---------------------------------------------------------------------------------------------

export const FIRST_NAMES = [
  'Olivia',
  'Jack',
  'Charlotte',
  'Noah',
  'Amelia',
  'William',
  'Isla',
  'Oliver',
  'Mia',
  'Thomas',
  'Ava',
  'Lucas',
  'Grace',
  'Henry',
  'Chloe',
  'Leo',
  'Zoe',
  'James',
  'Ruby',
  'Ethan',
  'Sophie',
  'Liam',
  'Harper',
  'Mason',
  'Ella',
  'Hugo',
  'Matilda',
  'Lachlan',
  'Sienna',
  'Cooper',
  'Priya',
  'Arjun',
  'Mei',
  'Kenji',
  'Linh',
  'Minh',
  'Fatima',
  'Omar',
  'Sofia',
  'Mateo',
  'Aisha',
  'Raj',
  'Hana',
  'Jun',
  'Layla',
  'Ali',
  'Chen',
  'Anh',
  'Giulia',
  'Nikos',
  'Daniel',
  'Emily',
  'Josh',
  'Hannah',
  'Sam',
  'Georgia',
  'Ben',
  'Lily',
  'Riley',
  'Tahlia',
];

export const LAST_NAMES = [
  'Smith',
  'Jones',
  'Williams',
  'Brown',
  'Wilson',
  'Taylor',
  'Nguyen',
  'Johnson',
  'Martin',
  'White',
  'Anderson',
  'Walker',
  'Thompson',
  'Thomas',
  'Lee',
  'Ryan',
  'Kelly',
  'Harris',
  'King',
  'Tran',
  'Singh',
  'Patel',
  'Wang',
  'Chen',
  'Kim',
  'Park',
  'Rossi',
  'Papadopoulos',
  'Haddad',
  'Khoury',
  'Murphy',
  'OConnor',
  'Campbell',
  'Mitchell',
  'Scott',
  'Clarke',
  'Hughes',
  'Pham',
  'Le',
  'Ali',
  'Kaur',
  'Sharma',
  'Yamamoto',
  'Suzuki',
  'Costa',
  'Russo',
  'Evans',
  'Baker',
  'Hall',
  'Young',
];

export const SPECIAL_REQUESTS = [
  'No onions please',
  'Extra sauce on the side',
  'No coriander',
  'Allergic to peanuts',
  'Cut in half please',
  'Less spicy',
  'No pickles',
  'Sauce on the side',
];

/**
 * Each post's "Read more" goes somewhere else than the feed: the brand's page (`brand`, resolved to
 * `/vendor:{id}` by the seed), a page of the site (`link`), or, with neither, the post's own view in
 * the app (docs/customer-app.md).
 */
export const FEED_POSTS: {
  title: string;
  body: string;
  link: string | null;
  brand?: { title: string; location: string };
  daysAgo: number;
}[] = [
  {
    title: 'Bangkok Street lands in Box Hill',
    body: 'Pad Thai, green curry and Thai iced tea are now on the menu at our Box Hill kitchen. Order for pickup or delivery.',
    link: null,
    brand: { title: 'Bangkok Street', location: 'Box Hill' },
    daysAgo: 2,
  },
  {
    title: '10% off your first order',
    body: 'New to Kitchaco? Use code WELCOME10 at checkout for 10% off your first order from any of our brands.',
    link: null,
    daysAgo: 6,
  },
  {
    title: 'Late-night desserts at Richmond',
    body: 'Sweet Tooth now takes orders until 10 pm every night. Brownies, waffles and thick shakes, delivered.',
    link: null,
    brand: { title: 'Sweet Tooth', location: 'Richmond' },
    daysAgo: 13,
  },
  {
    title: 'Five dollars off orders over $25',
    body: 'Enter FIVEOFF at checkout on any order of $25 or more. One use per order, pickup or delivery.',
    link: null,
    daysAgo: 21,
  },
  {
    title: 'Meet the Reservoir crew',
    body: 'Four brands, one kitchen on Malua Street: say hi to the team behind Smash Bros Burgers, Napoli Slice, Bangkok Street and Seoul Fried.',
    link: '/our-brands',
    daysAgo: 34,
  },
];

export const DISAPPROVAL_REASONS = [
  'Duplicate of the order placed earlier this week.',
  'Quantities look too high for this week, please re-order.',
  'Supplier is out of stock on most of these items, please order again next week.',
  'Please combine with your next order to reach the minimum.',
];

export const REFUND_REASONS = [
  'Missing item refund',
  'Incorrect item refund',
  'Order arrived late',
  'Food quality complaint',
];
