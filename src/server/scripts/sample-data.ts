import { carPreferences, leadSources } from '../../shared/customers/options.js';
import { dealManufacturers } from '../../shared/deals/options.js';
import { vehicleFeatures } from '../../shared/vehicles/options.js';
import { withCheckDigit } from '../../shared/vehicles/vin.js';

/** A small seeded random source, so demo data and benchmark data are the same on every run. */
export function randomSource(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const some = <T>(items: readonly T[], max: number): T[] => [...items].sort(() => next() - 0.5).slice(0, int(0, max));
  return { next, int, pick, some };
}
export type Random = ReturnType<typeof randomSource>;

const firstNames = [
  'James',
  'Olivia',
  'Noah',
  'Ava',
  'Lucas',
  'Mia',
  'Ethan',
  'Isabella',
  'Mason',
  'Sophia',
  'Logan',
  'Charlotte',
  'Daniel',
  'Amelia',
  'Henry',
  'Harper',
  'Jack',
  'Evelyn',
  'Owen',
  'Abigail',
  'Samuel',
  'Ella',
  'Caleb',
  'Grace',
  'Isaac',
  'Chloe',
  'Julian',
  'Zoe',
  'Aaron',
  'Nora',
  'Diego',
  'Priya',
  'Wei',
  'Fatima',
  'Mateo',
  'Aisha',
];
const lastNames = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Perez',
  'Thompson',
  'White',
  'Harris',
  'Clark',
  'Lewis',
  'Walker',
  'Young',
  'Allen',
  'King',
  'Patel',
  'Nguyen',
  'Chen',
  'Okafor',
  'Kowalski',
  'Haddad',
];
const cities = [
  'Austin, TX',
  'Dallas, TX',
  'Houston, TX',
  'Phoenix, AZ',
  'Denver, CO',
  'Miami, FL',
  'Atlanta, GA',
  'Chicago, IL',
  'Seattle, WA',
  'San Diego, CA',
  'Nashville, TN',
  'Charlotte, NC',
];
const colors = [
  'Alpine White',
  'Jet Black',
  'Midnight Blue',
  'Silver Metallic',
  'Graphite Grey',
  'Deep Red',
  'Pearl White',
  'Forest Green',
];
const models: Record<string, readonly string[]> = {
  BMW: ['X5', '330i', 'M4', 'iX'],
  'Mercedes-Benz': ['GLE 350', 'C 300', 'E 450', 'EQS'],
  Audi: ['Q7', 'A6', 'e-tron GT', 'Q5'],
  Tesla: ['Model S', 'Model 3', 'Model Y', 'Model X'],
  Porsche: ['911 Carrera', 'Cayenne', 'Macan', 'Taycan'],
  Lexus: ['RX 350', 'ES 300h', 'LX 600'],
  Acura: ['MDX', 'TLX', 'RDX'],
  Infiniti: ['QX60', 'Q50'],
  Cadillac: ['Escalade', 'CT5', 'Lyriq'],
  Lincoln: ['Navigator', 'Aviator'],
  Genesis: ['GV80', 'G90', 'GV70'],
  Volvo: ['XC90', 'XC60', 'S90'],
  Jaguar: ['F-Pace', 'I-Pace'],
  'Land Rover': ['Range Rover', 'Defender', 'Discovery'],
};
// World manufacturer identifiers, so sample VINs decode to the make they are listed under.
const wmi: Record<string, string> = {
  BMW: 'WBA',
  'Mercedes-Benz': 'WDD',
  Audi: 'WAU',
  Tesla: '5YJ',
  Porsche: 'WP0',
  Lexus: 'JTH',
  Acura: '19U',
  Infiniti: 'JNK',
  Cadillac: '1GY',
  Lincoln: '5LM',
  Genesis: 'KMU',
  Volvo: 'YV1',
  Jaguar: 'SAJ',
  'Land Rover': 'SAL',
};
const yearCodes = 'ABCDEFGHJKLMNPRSTVWXY123456789';

export const personName = (rnd: Random) => `${rnd.pick(firstNames)} ${rnd.pick(lastNames)}`;
const phone = (rnd: Random) => `(${rnd.int(201, 989)}) ${rnd.int(200, 999)}-${String(rnd.int(0, 9999)).padStart(4, '0')}`;
const emailOf = (name: string, n: number) => `${name.toLowerCase().replace(/[^a-z]+/g, '.')}${n}@example.com`;

export function sampleCustomer(rnd: Random, n: number, userId: string, createdAt: Date) {
  const name = personName(rnd);
  const source = rnd.pick(leadSources);
  return {
    user_id: userId,
    name,
    email: rnd.next() < 0.9 ? emailOf(name, n) : null,
    phone: rnd.next() < 0.85 ? phone(rnd) : null,
    location: rnd.next() < 0.8 ? rnd.pick(cities) : null,
    status: rnd.pick(['active', 'active', 'prospect', 'prospect', 'inactive'] as const),
    preferred_cars: rnd.some(carPreferences, 4),
    referred_by_customer_id: null,
    referred_by_name: source === 'Referral' ? personName(rnd) : null,
    birthday:
      rnd.next() < 0.6
        ? `${rnd.int(1955, 2003)}-${String(rnd.int(1, 12)).padStart(2, '0')}-${String(rnd.int(1, 28)).padStart(2, '0')}`
        : null,
    notes: null,
    lead_source: source,
    budget_cents: rnd.next() < 0.7 ? rnd.int(30, 150) * 1000_00 : null,
    created_at: createdAt,
    updated_at: createdAt,
  };
}

function sampleVin(rnd: Random, make: string, year: number): string {
  const chars = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
  // Position 7 is a letter for model years from 2010 on, a digit before: it picks the 30-year cycle.
  const body =
    Array.from({ length: 3 }, () => rnd.pick([...chars])).join('') +
    rnd.pick([...(year >= 2010 ? 'ABCDEFGHJKLMNPRSTUVWXYZ' : '0123456789')]);
  const serial = String(rnd.int(0, 999999)).padStart(6, '0');
  const yearCode = yearCodes[(year - 2010 + 300) % 30]!;
  const plant = rnd.pick([...'ABCDEFGHKLMNPRSTUVWXYZ']);
  return withCheckDigit(`${wmi[make] ?? '1HG'}${body}00${yearCode}${plant}${serial}`);
}

export function sampleVehicle(rnd: Random, userId: string, createdAt: Date) {
  const make = rnd.pick(dealManufacturers);
  const year = rnd.int(2016, new Date().getFullYear() + 1);
  const mileage = year >= new Date().getFullYear() ? rnd.int(5, 900) : rnd.int(3000, 80000);
  return {
    user_id: userId,
    make,
    model: rnd.pick(models[make]!),
    year,
    vin: sampleVin(rnd, make, year),
    color: rnd.pick(colors),
    mileage,
    // Delivery miles only: a new car; anything driven more is used, and carries the FTC Buyers Guide.
    condition: mileage < 1000 ? ('new' as const) : ('used' as const),
    price_cents: rnd.int(28, 160) * 1000_00 + rnd.pick([0, 500_00, 900_00]),
    status: rnd.pick(['available', 'available', 'available', 'pending', 'sold', 'reserved'] as const),
    location: rnd.next() < 0.8 ? rnd.pick(cities) : null,
    contact_name: personName(rnd),
    contact_phone: phone(rnd),
    contact_email: null,
    features: rnd.some(vehicleFeatures, 6),
    notes: null,
    created_at: createdAt,
    updated_at: createdAt,
  };
}

/** A deal's money and kind, drawn in one order; a cash deal is paid in full, so it has no monthly payment. */
function terms(rnd: Random, price: number) {
  const monthly = rnd.next() < 0.6 ? Math.round(price / rnd.pick([36, 48, 60, 72])) : null;
  const broker_fee_cents = rnd.int(5, 40) * 100_00;
  const status = rnd.pick(['completed', 'completed', 'completed', 'pending', 'in-progress', 'cancelled'] as const);
  const deal_classification = rnd.pick(['customer_paid', 'broker_deal', 'dealer_paid', 'cash_deal'] as const);
  return {
    monthly_payment_cents: deal_classification === 'cash_deal' ? null : monthly,
    broker_fee_cents,
    status,
    deal_classification,
  };
}

export function sampleDeal(rnd: Random, agent: { id: string; name: string }, date: Date) {
  const make = rnd.pick(dealManufacturers);
  const price = rnd.int(30, 150) * 1000_00;
  const iso = date.toISOString().slice(0, 10);
  return {
    user_id: agent.id,
    customer_id: null,
    vehicle_id: null,
    date: iso,
    manufacturer: make,
    model: rnd.pick(models[make]!),
    year: rnd.int(2019, new Date().getFullYear() + 1),
    customer_name: personName(rnd),
    customer_phone: phone(rnd),
    customer_email: null,
    agent_name: agent.name,
    contract_price_cents: price,
    ...terms(rnd, price),
    notes: null,
    created_at: date,
    updated_at: date,
  };
}
