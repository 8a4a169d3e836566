/** On every test-mode screen: nothing here takes a real payment. */
export function TestModeBanner() {
  return (
    <p
      role="note"
      className="rounded-md border-2 border-dashed border-amber-500 bg-amber-50 p-3 text-sm font-semibold text-amber-900 dark:bg-amber-950 dark:text-amber-50"
    >
      TEST MODE: no payment is taken. Billing runs without Stripe here, for trying Premium out.
    </p>
  );
}
