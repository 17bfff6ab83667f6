/** Dollars typed in a form → integer cents stored and sent; rounded once, here. */
export const toCents = (dollars: number) => Math.round(dollars * 100);
export const toDollars = (cents: number) => cents / 100;
