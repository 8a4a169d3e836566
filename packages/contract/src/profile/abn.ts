const ABN_WEIGHTS = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];

/** The ABN with spaces removed, e.g. "51 824 753 556" → "51824753556". */
export function normaliseAbn(value: string): string {
  return value.replace(/\s+/g, '');
}

/** "51824753556" → "51 824 753 556", the way an ABN is printed; anything else is left as it is. */
export function formatAbn(abn: string): string {
  const digits = normaliseAbn(abn);
  if (!/^\d{11}$/.test(digits)) return abn;
  return `${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5, 8)} ${digits.slice(8)}`;
}

/**
 * The Australian Business Register's checksum: subtract 1 from the first digit, weight the 11
 * digits, and the sum must be divisible by 89.
 */
export function isValidAbn(value: string): boolean {
  const digits = normaliseAbn(value);
  if (!/^\d{11}$/.test(digits)) return false;
  const sum = [...digits].reduce((total, char, index) => {
    const digit = Number(char) - (index === 0 ? 1 : 0);
    return total + digit * (ABN_WEIGHTS[index] ?? 0);
  }, 0);
  return sum % 89 === 0;
}

export const INVALID_ABN_MESSAGE =
  'Enter the 11-digit ABN exactly as registered, e.g. 51 824 753 556. This number fails the ABN check, so one digit is probably wrong.';
