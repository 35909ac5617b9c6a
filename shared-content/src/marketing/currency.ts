/**
 * Formats whole rupees the Indian way: the last three digits, then groups of two (lakh and crore),
 * e.g. 15000 → "₹15,000", 150000 → "₹1,50,000", 12500000 → "₹1,25,00,000".
 * Written out rather than left to Intl so the result is the same in every browser and locale build.
 */
export function formatInr(amount: number): string {
  if (!Number.isFinite(amount)) throw new RangeError(`Cannot format ${amount} as rupees`);
  const rounded = Math.round(Math.abs(amount));
  const digits = String(rounded);
  const lastThree = digits.slice(-3);
  const rest = digits.slice(0, -3);
  const grouped = rest ? `${rest.replace(/\B(?=(\d{2})+$)/g, ',')},${lastThree}` : lastThree;
  return `${amount < 0 && rounded !== 0 ? '-' : ''}₹${grouped}`;
}
