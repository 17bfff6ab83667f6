/**
 * World manufacturer identifiers (VIN positions 1–3) of the makes Torque suggests, including their plants outside
 * the home country. A code shared by two brands of one group is listed under the brand that uses it most.
 */
const wmiByMake: Record<string, readonly string[]> = {
  BMW: ['WBA', 'WBS', 'WBX', 'WBY', '5UX', '5YM', '4US'],
  'Mercedes-Benz': ['WDB', 'WDC', 'WDD', 'WDF', 'W1K', 'W1N', 'W1V', '4JG', '55S'],
  Audi: ['WAU', 'WA1', 'WUA', 'TRU'],
  Tesla: ['5YJ', '7SA', '7G2', 'LRW', 'XP7'],
  Porsche: ['WP0', 'WP1'],
  Lexus: ['JTH', 'JTJ', '2T2', '58A', '58B'],
  Acura: ['19U', 'JH4', '5J8', '2HN'],
  Infiniti: ['JNK', 'JNR', '5N3'],
  Cadillac: ['1G6', '1GY'],
  Lincoln: ['1LN', '2LM', '3LN', '5LM', '5LT'],
  Genesis: ['KMT', 'KMU'],
  Volvo: ['YV1', 'YV4', '7JR', 'LVY'],
  Jaguar: ['SAJ', 'SAD'],
  'Land Rover': ['SAL'],
  Ford: ['1FA', '1FB', '1FC', '1FD', '1FM', '1FT', '2FA', '2FM', '2FT', '3FA', '3FM', '3FT', '1ZV', 'MAJ', 'NM0', 'WF0'],
  Chevrolet: ['1G1', '1GB', '1GC', '1GN', '2G1', '2GC', '2GN', '3G1', '3GC', '3GN', 'KL7', 'KL8'],
  Toyota: ['JTD', 'JTE', 'JTM', 'JTN', 'JT2', 'JT3', '2T1', '2T3', '4T1', '4T3', '4T4', '5TD', '5TF', '5TB', '3TM', '3TY'],
  Honda: ['JHM', 'JHL', '1HG', '2HG', '3HG', '2HK', '5FN', '5FP', '5J6', '19X', '7FA', 'SHH', 'SHS'],
  Nissan: ['JN1', 'JN8', '1N4', '1N6', '3N1', '3N6', '5N1', 'SJN'],
  Mazda: ['JM1', 'JM3', 'JMZ', '1YV', '3MZ', '7MM'],
  Subaru: ['JF1', 'JF2', '4S3', '4S4'],
  Hyundai: ['KMH', 'KM8', 'KMF', '5NP', '5NM', '5NT', 'TMA'],
  Kia: ['KNA', 'KND', '5XX', '5XY'],
  Volkswagen: ['WVW', 'WVG', '1VW', '3VW'],
  Jeep: ['1C4', '1J4', '1J8'],
  Ram: ['1C6', '3C6', '3C7'],
  Dodge: ['1B3', '2B3', '2C3', '2D3', '1D7'],
  Chrysler: ['1C3', '2C4', '2A4'],
  GMC: ['1GT', '1GK', '1GD', '2GT', '3GT'],
  Buick: ['1G4', '5GA', 'KL4'],
  Mitsubishi: ['JA3', 'JA4', '4A3', 'ML3'],
  MINI: ['WMW', 'WMZ'],
};

const makeByWmi = new Map(Object.entries(wmiByMake).flatMap(([make, codes]) => codes.map((code) => [code, make] as const)));

export function makerOfWmi(wmi: string): string | null {
  return makeByWmi.get(wmi.toUpperCase()) ?? null;
}

/** The makes whose identifiers Torque knows. */
export const makesWithWmi = Object.keys(wmiByMake);
