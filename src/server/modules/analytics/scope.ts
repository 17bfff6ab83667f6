/** Calendar days are UTC days on the server, the same days deals are dated with. */
export const todayUtc = (now = new Date()) => now.toISOString().slice(0, 10);

export const monthStart = (isoDay: string, offsetMonths = 0) => {
  const d = new Date(`${isoDay.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + offsetMonths);
  return d.toISOString().slice(0, 10);
};

/** The first moment of a UTC day, for comparing timestamps against calendar days. */
export const startOfDay = (isoDay: string) => `${isoDay}T00:00:00.000Z`;

export const addDays = (isoDay: string, days: number) => {
  const d = new Date(`${isoDay}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
