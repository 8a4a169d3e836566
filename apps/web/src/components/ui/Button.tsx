import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';

const variants = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800',
  secondary:
    'border border-slate-300 bg-white text-slate-900 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800',
  /** For what cannot be undone, e.g. a permanent delete. */
  danger: 'bg-red-700 text-white hover:bg-red-800',
} as const;

export const buttonClasses = (variant: keyof typeof variants = 'primary') =>
  `inline-flex min-h-11 items-center justify-center rounded-md px-4 py-2 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-70 ${variants[variant]}`;

/** An inline text link (or a button that should look like one). */
export const textLinkClasses = 'font-semibold text-brand-700 underline dark:text-brand-100';

export function Button({
  variant = 'primary',
  className = '',
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: keyof typeof variants; ref?: Ref<HTMLButtonElement> }) {
  return <button type={type} className={`${buttonClasses(variant)} ${className}`} {...props} />;
}

/** A form's submit button that is disabled and says what is happening while the form is busy. */
export function SubmitButton({
  pending,
  pendingLabel,
  children,
  ...props
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> & {
  variant?: keyof typeof variants;
  pending: boolean;
  pendingLabel: string;
}) {
  return (
    <Button type="submit" disabled={pending} {...props}>
      {pending ? pendingLabel : children}
    </Button>
  );
}

/** A form's last row: its submit button (its pending label while it runs) and Cancel beside it. */
export function SubmitOrCancel({
  pending,
  pendingLabel,
  children,
  onCancel,
  cancelDisabled,
  className = 'flex flex-wrap gap-2',
}: {
  pending: boolean;
  pendingLabel: string;
  /** The submit button's label. */
  children: ReactNode;
  onCancel: () => void;
  cancelDisabled?: boolean;
  /** The row's layout. */
  className?: string;
}) {
  return (
    <div className={className}>
      <SubmitButton pending={pending} pendingLabel={pendingLabel}>
        {children}
      </SubmitButton>
      <Button variant="secondary" onClick={onCancel} disabled={cancelDisabled}>
        Cancel
      </Button>
    </div>
  );
}
